"""The Rules screen: one preset's rules (:class:`app.view.rules_text.RulesText`), scrollable; the preset can be
switched inside the screen (tabs, ←/→ or ``p``). It can open at a section (the results panel's `?` opens it at
the section that explains the deal's largest item)."""

from __future__ import annotations

from difflib import SequenceMatcher
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static, Tab, Tabs

from app.config import TableConfig
from app.i18n import Translator
from app.screens.base import MENU_CSS, BaseScreen
from app.settings import Settings
from app.view import rules_variants as variants
from app.view.formatting import preset_name
from app.view.rules_text import RulesText
from app.widgets.markdown import block_widget, markdown_blocks, refill
from rules.presets import Options, Preset


class RulesView(Vertical):
    """One preset's rules drawn from their Markdown (see :func:`markdown_blocks`)."""

    def __init__(self, markdown: str, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.source = markdown
        self.blocks = markdown_blocks(markdown)  # as drawn, one a child

    def compose(self) -> ComposeResult:
        """The document's blocks."""
        yield from (block_widget(block) for block in self.blocks)

    async def show(self, markdown: str) -> None:
        """Replace the document: where the blocks of the new one line up with those drawn (the kinds in the
        same order), each takes its new text in place (another preset's rules share most of their shape, the
        same rules with an option changed all of it); the rest are removed or mounted where they stand."""
        if markdown == self.source:
            return
        blocks = markdown_blocks(markdown)
        children = list(self.children)
        gone: list[Widget] = []
        shape = SequenceMatcher(a=[b.kind for b in self.blocks], b=[b.kind for b in blocks], autojunk=False)
        async with self.batch():
            for tag, i1, i2, j1, j2 in shape.get_opcodes():
                if tag == "equal":
                    for widget, was, block in zip(children[i1:i2], self.blocks[i1:i2], blocks[j1:j2], strict=True):
                        refill(widget, was, block)
                    continue
                gone += children[i1:i2]
                fresh = [block_widget(block) for block in blocks[j1:j2]]
                if fresh:
                    await self.mount_all(fresh, before=children[i1] if i1 < len(children) else None)
            self.source, self.blocks = markdown, blocks
            if gone:
                await self.remove_children(gone)


class RulesScreen(BaseScreen[None]):
    """One preset's rules, scrollable; tabs (or ←/→, ``p``) switch preset."""

    CSS_PATH: ClassVar[str] = MENU_CSS
    SCROLL_BODY = "rules-body"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "menu.key.back", key_display="esc"),
        Binding("p", "next_preset", "rules.key.preset", key_display="p ←→"),
        # Priority: the scrolling body would otherwise take ←/→ for sideways scrolling it never needs.
        Binding("left", "step_preset(-1)", show=False, priority=True),
        Binding("right", "step_preset(1)", show=False, priority=True),
        Binding("pagedown,space", "page(1)", "menu.key.page", key_display="PgDn"),
        Binding("pageup", "page(-1)", show=False),
    ]

    def __init__(
        self,
        preset: Preset = Preset.TAIWAN,
        *,
        options: Options | None = None,
        t: Translator | None = None,
        settings: Settings | None = None,
        banker: bool | None = None,
        exchange: variants.Exchange = variants.NO_EXCHANGE,
        section: str | None = None,
        players: int | None = None,
    ) -> None:
        """``options`` (and ``banker``, a banker game) are the table's, shown for ``preset``; other presets show
        their defaults. ``exchange``: the table's 換三張 setting (rounds, way). ``section``: a ``rules.heading``
        key to open at (the top when the preset's rules have no such section). ``players``: the table's size."""
        super().__init__(t=t, settings=settings)
        self.preset, self.exchange = preset, exchange
        self.section = section
        self.players = players
        self._table = (preset, options)
        self._banker = banker

    @classmethod
    def of_table(
        cls,
        config: TableConfig,
        *,
        t: Translator | None = None,
        settings: Settings | None = None,
        section: str | None = None,
        players: bool = True,
    ) -> RulesScreen:
        """The rules of the table ``config`` sets: its preset, options, bank, 換三張 and (``players``) its size."""
        return cls(
            config.preset,
            options=config.options,
            t=t,
            settings=settings,
            banker=config.banker,
            exchange=(config.exchange, config.exchange_way),
            section=section,
            players=config.players if players else None,
        )

    @property
    def banker(self) -> bool | None:
        """Whether the rules are shown for a banker game (None: the preset's default)."""
        return self._banker if self.preset is self._table[0] else None

    @property
    def options(self) -> Options:
        """The options the rules are shown with."""
        table_preset, table_options = self._table
        if self.preset is table_preset and table_options is not None:
            return table_options
        return self.preset.default_options

    def compose(self) -> ComposeResult:
        """Title, preset tabs, and the rules."""
        t = self.t
        yield Static(t("rules.title"), classes="screen-title")
        yield Tabs(
            *(Tab(preset_name(t, p.value), id=f"tab-{p.value}") for p in Preset),
            active=f"tab-{self.preset.value}",
            id="preset-tabs",
        )
        with VerticalScroll(id="rules-body", classes="doc"):
            yield RulesView(self.markdown_text, id="rules-text")
        yield self.too_small()
        yield self.footer()

    def after_compose(self) -> None:
        """Keys scroll the rules; the tabs are for the mouse (←/→ switch preset anywhere)."""
        self.query_one("#rules-body").focus()
        if self.section is not None:
            self.call_after_refresh(self.scroll_to_section, self.section)

    def section_widget(self, key: str) -> Static | None:
        """The heading of section ``key`` as shown, or None when these rules have no such section."""
        title = self.t(f"rules.heading.{key}")
        for widget in self.query(".section").results(Static):
            if str(widget.content) == title:
                return widget
        return None

    def scroll_to_section(self, key: str) -> None:
        """Scroll the rules so that section ``key``'s heading is at the top (nothing if it is not there)."""
        widget = self.section_widget(key)
        if widget is not None:
            self.query_one("#rules-body", VerticalScroll).scroll_to_widget(widget, animate=False, top=True)

    @property
    def markdown_text(self) -> str:
        """The rules as shown (for tests and for copying)."""
        players = self.players if self.preset is self._table[0] else None
        return RulesText(self.t, self.preset, self.options, self.banker, self.exchange, players).markdown()

    @on(Tabs.TabActivated, "#preset-tabs")
    async def _tab(self, event: Tabs.TabActivated) -> None:
        tab_id = event.tab.id or ""
        preset = Preset(tab_id.removeprefix("tab-"))
        if preset is not self.preset:
            await self.show_preset(preset)

    async def show_preset(self, preset: Preset) -> None:
        """Show another preset's rules from the top."""
        self.preset = preset
        self.query_one("#preset-tabs", Tabs).active = f"tab-{preset.value}"
        await self.query_one("#rules-text", RulesView).show(self.markdown_text)
        self.query_one("#rules-body", VerticalScroll).scroll_home(animate=False)

    async def action_step_preset(self, delta: int) -> None:
        """The previous (-1) or next (1) preset."""
        presets = list(Preset)
        await self.show_preset(presets[(presets.index(self.preset) + delta) % len(presets)])

    async def action_next_preset(self) -> None:
        """The next preset, wrapping around."""
        await self.action_step_preset(1)

    def action_back(self) -> None:
        """Back to where the screen was opened from."""
        self.dismiss(None)
