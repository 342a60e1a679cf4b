"""Simulation: bot-only games, tournaments with statistics, and throughput benchmarks."""

from arsenale.sim.bench import bench
from arsenale.sim.runner import bot_seed, play_game, simulate, summarize, wilson_interval

__all__ = ["bench", "bot_seed", "play_game", "simulate", "summarize", "wilson_interval"]
