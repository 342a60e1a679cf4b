"""Simulation: bot-only games, tournaments with statistics, result files, reports and
throughput benchmarks."""

from arsenale.sim.bench import bench
from arsenale.sim.results import Tally, tally_files, wilson_interval
from arsenale.sim.runner import bot_seed, play_game, simulate, summarize, tournament

__all__ = [
    "Tally",
    "bench",
    "bot_seed",
    "play_game",
    "simulate",
    "summarize",
    "tally_files",
    "tournament",
    "wilson_interval",
]
