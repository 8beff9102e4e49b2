"""The Settings screen: language, card look, animation speed, sorting and theme, with a live card preview;
saving writes the file atomically and tells the App (:class:`app.screens.messages.SettingsChanged`).

The same concept on another floor: the screen of :mod:`app.settings`."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.dom import DOMNode
from textual.widgets import Button, Label, Static

from app.i18n import Translator, resolve_language
from app.screens.base import MENU_CSS, BaseScreen
from app.screens.messages import SettingsChanged
from app.settings import (
    ANIMATION_SPEEDS,
    BELL,
    COACH,
    DECKS,
    LANGUAGE_CHOICES,
    ROW_ODDS,
    SORTS,
    SUIT_STYLES,
    WATCH_PAUSES,
    Ignored,
    LoadReport,
    Problem,
    Settings,
    echo,
    load_settings,
    save_settings,
)
from app.widgets.form import CardStrip, ChoiceRow

# Themes offered, in this order, when the App has them; the App's current theme is always offered too.
THEMES = (
    "textual-dark",
    "textual-light",
    "nord",
    "gruvbox",
    "dracula",
    "tokyo-night",
    "monokai",
    "catppuccin-mocha",
    "catppuccin-latte",
    "solarized-light",
)

PREVIEW_CARDS = "As Kh Qd Jc Ts"


def language_word(lang: str | None) -> str:
    """The words' key naming ``lang`` in itself (``settings.language_zh_tw``), or following the system (None)."""
    return f"settings.language_{(lang or 'locale').lower().replace('-', '_')}"


class SettingsScreen(BaseScreen[Settings | None]):
    """Edit the player's settings; save writes them atomically and posts :class:`SettingsChanged`.

    Without ``settings`` the screen loads them from disk; a warning from a bad file is shown as a
    notification (the file is left alone until the player saves). It dismisses with the saved
    :class:`Settings`, or ``None`` when the player goes back without saving.
    """

    CSS_PATH: ClassVar[str] = MENU_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "menu.key.back"),
        Binding("s,ctrl+s", "save", "menu.key.save", key_display="s"),
        Binding("up", "app.focus_previous", show=False),
        Binding("down", "app.focus_next", show=False),
    ]

    def __init__(self, *, t: Translator | None = None, settings: Settings | None = None) -> None:
        report: LoadReport | None = None
        if settings is None:
            settings, report = load_settings()
        super().__init__(t=t, settings=settings)
        self._report = report
        self.edited = settings
        self._theme_before: str | None = None

    def compose(self) -> ComposeResult:
        """A title, one row a setting, a live card preview, Save and Back."""
        t = self.t
        s = self.edited
        yield Static(t("settings.title"), classes="screen-title")
        with VerticalScroll(id="settings-body", classes="form"):
            yield ChoiceRow(
                t("settings.language"),
                # Each language is named in itself, so a player can find theirs whatever is showing.
                [(lang, t(language_word(lang))) for lang in LANGUAGE_CHOICES],
                s.language,
                id="language",
            )
            yield ChoiceRow(t("settings.deck"), [(d, t(f"settings.deck_{d}")) for d in DECKS], s.deck, id="deck")
            yield ChoiceRow(
                t("settings.suits"), [(v, t(f"settings.suits_{v}")) for v in SUIT_STYLES], s.suits, id="suits"
            )
            yield ChoiceRow(
                t("settings.animation"),
                [(v, t(f"settings.animation_{v}")) for v in ANIMATION_SPEEDS],
                s.animation,
                id="animation",
            )
            yield ChoiceRow(t("settings.sort"), [(v, t(f"settings.sort_{v}")) for v in SORTS], s.sort, id="sort")
            yield ChoiceRow(t("settings.theme"), [(v, v) for v in self._themes()], s.theme, id="theme")
            yield ChoiceRow(
                t("settings.row_odds"), [(v, t(f"settings.row_odds_{v}")) for v in ROW_ODDS], s.row_odds, id="row_odds"
            )
            yield ChoiceRow(t("settings.bell"), [(v, t(f"settings.bell_{v}")) for v in BELL], s.bell, id="bell")
            yield ChoiceRow(
                t("settings.watch_pause"),
                [(v, t(f"settings.watch_pause_{v}")) for v in WATCH_PAUSES],
                s.watch_pause,
                id="watch_pause",
            )
            yield ChoiceRow(t("settings.coach"), [(v, t(f"settings.coach_{v}")) for v in COACH], s.coach, id="coach")
            with Horizontal(classes="preview"):
                yield Label(t("settings.preview"), classes="choice-label")
                yield CardStrip(PREVIEW_CARDS, s, id="preview")
            yield Static(t("settings.hint"), classes="hint")
            with Horizontal(classes="buttons"):
                yield Button(t("settings.save"), id="save", variant="primary", compact=True)
                yield Button(t("settings.back"), id="back", compact=True)
        yield self.too_small()
        yield self.footer()

    def _themes(self) -> list[str]:
        available = set(getattr(self.app, "available_themes", {}) or ())
        themes = [name for name in THEMES if not available or name in available]
        current = self.edited.theme
        if current not in themes and (not available or current in available):
            themes.insert(0, current)
        return themes

    def on_mount(self) -> None:
        """Show a bad settings file's warning; remember the theme for a cancelled preview."""
        self._theme_before = getattr(self.app, "theme", None)
        if self._report is not None:
            notify_load_warning(self, describe_load(self._report, self.t))
        self.query_one("#language").focus()

    @on(ChoiceRow.Changed)
    def _changed(self, event: ChoiceRow.Changed) -> None:
        field = event.row.id
        if field is None or not hasattr(self.edited, field):
            return
        self.edited = replace(self.edited, **{field: event.value})
        if field in ("deck", "suits"):
            self.query_one("#preview", CardStrip).set_look(self.edited)
        elif field == "theme":
            self._preview_theme(event.value)

    def _preview_theme(self, theme: str) -> None:
        # Seeing a theme beats reading its name; Back restores the one the player had.
        if theme in (getattr(self.app, "available_themes", {}) or {}):
            self.app.theme = theme

    @on(Button.Pressed, "#save")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    def action_save(self) -> None:
        """Write the settings atomically, tell the App, and close."""
        try:
            save_settings(self.edited)
        except OSError as exc:
            detail = echo(exc.strerror or str(exc))
            self.notify(self.t("settings.save_failed", detail=detail), severity="error", timeout=8, markup=False)
            return
        # Posted to the App itself: this screen is about to be removed, and a message still queued
        # on it would be lost.
        self.app.post_message(SettingsChanged(self.edited))  # the App says they are saved, in their language
        self.dismiss(self.edited)

    def action_back(self) -> None:
        """Close without saving (and undo a theme preview)."""
        if self._theme_before is not None and getattr(self.app, "theme", None) != self._theme_before:
            self.app.theme = self._theme_before
        self.dismiss(None)


def describe_ignored(item: Ignored, path: str, t: Translator) -> str:
    """One thing ignored in the settings file, in words."""
    if item.problem is Problem.BAD_VALUE and not item.expected:
        return t("settings.problem.bad_text", field=item.field, detail=item.detail)
    return t(
        f"settings.problem.{item.problem.value}",
        path=path,
        detail=item.detail,
        field=item.field,
        expected=", ".join(item.expected),
    )


def describe_load(report: LoadReport, t: Translator) -> str:
    """The warning for a settings file that was (partly) ignored: what, why, and where the file was kept."""
    path = echo(str(report.path)).strip('"')
    sep = t("settings.separator")
    parts = sep.join(describe_ignored(item, path, t) for item in report.ignored)
    if report.kept_as is not None:
        parts += sep + t("settings.kept_as", name=report.kept_as.name)
    elif report.keep_error:
        parts += sep + t("settings.not_kept", error=report.keep_error)
    return t("settings.load_warning" if report.whole_file else "settings.load_partial", detail=parts)


def notify_load_warning(node: DOMNode, message: str) -> None:
    """Show a settings file's warning: long enough to read, and as plain text (it may quote the file, and
    a ``[`` in it must not be read as markup)."""
    node.app.notify(message, severity="warning", timeout=12, markup=False)


def language_of(settings: Settings, cli: str | None = None) -> Translator:
    """The translator the settings ask for (``--lang`` first, then the setting, then the locale)."""
    return Translator(resolve_language(cli, settings.language))


__all__ = ["SettingsScreen", "describe_ignored", "describe_load", "language_of", "notify_load_warning"]
