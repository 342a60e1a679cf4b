"""The command line's help and usage errors in the language in force, from the catalogue.

Typer takes a command's help, its options' help and their metavars when the app is built, as
cli.py writes them: English, marked with `N_` so that `make messages` extracts them. Typer
builds its Click commands afresh on every run, and `Group.main` decides the language before
anything is parsed or shown (`--lang` among the app's own options, else ARSENALE_LANG and the
locale variables, as `i18n.choose` reads them), then puts every help text of the tree through
the catalogue (`speak`). `arsenale --help --lang fr` and `ARSENALE_LANG=fr arsenale play --help`
are thus French, whatever the order of the options.

Typer's own words come from two places, neither of them gettext we could feed: the Click that
Typer carries (typer/_click) writes its texts as English f-strings, and typer/rich_utils keeps
the titles of the help's panels in module constants computed at import. So:

- the constants of `typer.rich_utils` ("Options", "[default: ...]", "Try ... for help.") are
  set from the catalogue on every run (`TYPER_WORDS`, English again in English);
- the usage line's "Usage:" and "[OPTIONS]", the `--help` option's help: `Command` and `Group`
  (the classes cli.py builds its app with) put them through the catalogue;
- usage errors (a missing argument, an unknown option or command, an invalid value...) are
  recognised by their class and attributes (and, for the few Typer raises as a bare
  `UsageError`, by their English text) and worded again in the language in force
  (`reworded`). In English they are left exactly as Typer words them.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from typer import rich_utils
from typer._click import Context, HelpFormatter
from typer._click.core import Command as ClickCommand
from typer._click.exceptions import (
    BadOptionUsage,
    BadParameter,
    MissingParameter,
    NoSuchOption,
    UsageError,
)
from typer.core import TyperCommand, TyperGroup

from arsenale import i18n
from arsenale.i18n import N_, _

TYPER_WORDS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "ABORTED_TEXT": N_("Aborted."),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "ENVVAR_STRING": N_("[env var: {}]"),
    "DEPRECATED_STRING": N_("(deprecated) "),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
}
"""The constants of typer.rich_utils that hold words, with their English text (the msgid)."""

USAGE = N_("Usage: ")
OPTIONS_METAVAR = N_("[OPTIONS]")
SUBCOMMAND_METAVAR = N_("COMMAND [ARGS]...")
HELP_OPTION = N_("Show this message and exit.")


def requested_language(args: Sequence[str]) -> str | None:
    """The value given to `--lang` among the app's own options (those before the command)."""
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--lang":
            return rest[0] if rest else None
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if arg == "--" or not arg.startswith("-"):
            return None
    return None


def speak(command: ClickCommand) -> None:
    """Put the help texts and metavars of `command` and its subcommands, and Typer's words,
    through the catalogue in the language in force. Once per tree, as Typer has just built it:
    its texts must still be the English msgids."""
    for name, text in TYPER_WORDS.items():
        setattr(rich_utils, name, _(text))
    _translate(command)


def _translate(command: ClickCommand) -> None:
    if command.help:
        command.help = _(command.help)
    if command.short_help:
        command.short_help = _(command.short_help)
    if command.options_metavar:
        command.options_metavar = _(OPTIONS_METAVAR)
    for param in command.params:
        if getattr(param, "help", None):
            param.help = _(param.help)  # type: ignore[attr-defined]
        if param.metavar:
            param.metavar = _(param.metavar)
    if isinstance(command, TyperGroup):
        command.subcommand_metavar = _(SUBCOMMAND_METAVAR)
        for sub in command.commands.values():
            _translate(sub)


class _Speaking(ClickCommand):
    """The usage line and the `--help` option in the language in force."""

    def format_usage(self, ctx: Context, formatter: HelpFormatter) -> None:
        pieces = self.collect_usage_pieces(ctx)
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_(USAGE))

    def get_help_option(self, ctx: Context) -> Any:
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = _(HELP_OPTION)
        return option


class Command(_Speaking, TyperCommand):
    """A command of the app (`app.command(cls=Command)`)."""


class Group(_Speaking, TyperGroup):
    """The app (`typer.Typer(cls=Group)`): decides the language before parsing, so that help
    and usage errors are in it, and words the usage errors of its commands in it."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        requested = requested_language(sys.argv[1:] if args is None else args)
        i18n.use(i18n.choose(requested))
        speak(self)
        return super().main(
            args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
        )

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: Context | None = None,
        **extra: Any,
    ) -> Context:
        with _usage_errors_reworded():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: Context) -> Any:
        with _usage_errors_reworded():  # those of a command: its arguments are parsed here
            return super().invoke(ctx)


@contextmanager
def _usage_errors_reworded() -> Iterator[None]:
    try:
        yield
    except UsageError as e:
        again = reworded(e)
        if again is e:
            raise
        raise again from None


_BARE_ERRORS = [
    (
        re.compile(r"No such command (?P<name>'.*')\.(?: Did you mean (?P<names>.*)\?)?"),
        N_("No such command {name}."),
    ),
    (re.compile(r"Missing command\."), N_("Missing command.")),
    (
        re.compile(r"Got unexpected extra argument\(s\) \((?P<args>.*)\)"),
        N_("Unexpected extra argument(s): {args}"),
    ),
]


def reworded(error: UsageError) -> UsageError:
    """`error` in the language in force (itself in English, or when it is not one we know)."""
    if i18n.current() == i18n.DEFAULT:
        return error
    message: str | None = None
    if isinstance(error, MissingParameter):
        hint = _hint(error)
        if (error.param_type or getattr(error.param, "param_type_name", None)) == "argument":
            message = _("Missing argument {name}.").format(name=hint)
        else:
            message = _("Missing option {name}.").format(name=hint)
    elif isinstance(error, NoSuchOption):
        message = _("No such option: {name}").format(name=error.option_name)
        if error.possibilities:
            message += " " + _("(possible options: {names})").format(
                names=", ".join(sorted(error.possibilities))
            )
    elif isinstance(error, BadOptionUsage):
        if "does not take a value" in error.message:
            message = _("The option {name} takes no value.").format(name=repr(error.option_name))
        elif "requires" in error.message:
            message = _("The option {name} needs a value.").format(name=repr(error.option_name))
    elif isinstance(error, BadParameter):
        message = _("Invalid value for {name}: {reason}").format(
            name=_hint(error), reason=_reason(error)
        )
    elif type(error) is UsageError:
        for pattern, text in _BARE_ERRORS:
            found = pattern.fullmatch(error.message)
            if found:
                message = _(text).format(**found.groupdict())
                if found.groupdict().get("names"):
                    message += " " + _("Did you mean {names}?").format(names=found["names"])
                break
    if message is None:
        return error
    return UsageError(message, error.ctx)


def _hint(error: BadParameter) -> str:
    hint = error.param_hint
    if hint is None and error.param is not None:
        hint = error.param.get_error_hint()
    if hint is None:
        return ""
    return hint if isinstance(hint, str) else " / ".join(repr(h) for h in hint)


_REASONS = {
    "int_parsing": N_("an integer is expected, not {value}"),
    "int_from_float": N_("an integer is expected, not {value}"),
    "float_parsing": N_("a number is expected, not {value}"),
    "bool_parsing": N_("true or false is expected, not {value}"),
}


def _reason(error: BadParameter) -> str:
    """Why a value was refused, in words, when Typer's validation (Pydantic) said it."""
    cause = error.__cause__
    errors = getattr(cause, "errors", None)
    if callable(errors):
        details = errors()
        if details and details[0].get("type") in _REASONS:
            return _(_REASONS[details[0]["type"]]).format(value=repr(details[0].get("input")))
    return error.message
