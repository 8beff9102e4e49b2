"""The table screen's keys: :data:`TABLE_KEYS`, the one list of them (each key's binding, its Footer words, its
help line and the part of the screen that does its work), and :class:`Keys`, which says whether each key acts now
and, when it cannot, why, in the message line, and which keys this table has at all (the `?` help lists those).
One part of :class:`app.screens.table.TableScreen`, held as ``screen.keys``.

Every key has a last binding, ``explain``, never shown: Textual tries a key's bindings in order and runs the
first whose ``check_action`` is true, so a key none of whose bindings can act reaches ``explain``, which words the
reason (:mod:`app.game.why`, :mod:`app.view.why`). The Footer: the current step's keys greyed while not yet
possible, another phase's or another table's hidden (:mod:`app.game.actions`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol, TypeVar

from textual.actions import parse as parse_action
from textual.app import App
from textual.binding import Binding, BindingType

from app.game import Action, Allowed, Phase
from app.game.actions import absent as game_absent
from app.game.actions import verdict as game_verdict
from app.game.replay import OneDeal
from app.game.why import YES, Availability, Why, greyed, hidden
from app.screens.table.help import HelpScreen
from app.screens.table.part import TableSeen
from app.view.why import why_text
from app.widgets.textual_private import own_bindings
from rules.arrangement import Row

_MOVE = Binding.Group("table.key.move", compact=True)
_PLACE = Binding.Group("table.key.place", compact=True)

S = TypeVar("S")

# Textual's check_action answers: True shows a key, None greys it out, False hides it.
SHOWN: dict[Allowed, bool | None] = {Allowed.ALLOWED: True, Allowed.GREYED: None, Allowed.HIDDEN: False}


@dataclass(frozen=True)
class TableKey:
    """One binding of the table and where it shows: the Footer (``label``, an i18n key) and the help (``?``)
    line it belongs to (``help``, an i18n key; the first binding of a line gives its ``help_keys``). ``does``
    names what does the key's work: ``"part.method"`` of what the screen holds (``"helping.auto"``,
    ``"reveal.finish"``), or a method of the screen itself; the action's parameters, if any, are passed on
    (``move(-1)`` calls ``arranging.move(-1)``). Which tables have the key is not said here but asked of the table
    (:meth:`Keys.absent`), as its verdict asks."""

    keys: str
    action: str
    does: str
    label: str
    display: str | None = None
    group: Binding.Group | None = None
    help: str | None = None
    help_keys: str | None = None

    @property
    def id(self) -> str:
        """The binding's id, by which the settings file's ``keys`` gives it other keys: ``table.<action>``, or
        for a key with a parameter what it names (``table.left``, ``table.front``)."""
        return "table." + _NAMED.get(self.action, parse_action(self.action)[1])

    def binding(self) -> Binding:
        return Binding(self.keys, self.action, self.label, key_display=self.display, group=self.group, id=self.id)


_NAMED = {
    "move(-1)": "left",
    "move(1)": "right",
    "place(0)": "front",
    "place(1)": "middle",
    "place(2)": "back",
}


# Each key's bindings in the order Textual tries them: each phase's own action first. The one list of the
# table's keys: its bindings (so the Footer and the command palette), and the help screen's lines, are made of it.
TABLE_KEYS: tuple[TableKey, ...] = (
    TableKey("left", "move(-1)", "arranging.move", "table.key.move", "←", _MOVE, "table.help.move", "← →"),
    TableKey("right", "move(1)", "arranging.move", "table.key.move", "→", _MOVE, "table.help.move"),
    TableKey(
        "space", "select", "arranging.select", "table.key.select", "␣", help="table.help.select", help_keys="space"
    ),
    TableKey(
        "space", "skip", "reveal.finish", "table.key.skip", "␣", help="table.help.skip", help_keys="space / enter"
    ),
    TableKey(
        "1", "place(0)", "arranging.place", "table.key.front", group=_PLACE, help="table.help.place", help_keys="1 2 3"
    ),
    TableKey("2", "place(1)", "arranging.place", "table.key.middle", group=_PLACE, help="table.help.place"),
    TableKey("3", "place(2)", "arranging.place", "table.key.back", group=_PLACE, help="table.help.place"),
    TableKey(
        "0,backspace",
        "unplace",
        "arranging.unplace",
        "table.key.unplace",
        help="table.help.unplace",
        help_keys="0 / backspace",
    ),
    TableKey("x", "clear", "arranging.clear", "table.key.clear", help="table.help.clear"),
    TableKey("a", "auto", "helping.auto", "table.key.auto", help="table.help.auto"),
    TableKey("h", "hint", "helping.hint", "table.key.hint", help="table.help.hint"),
    TableKey("s", "sort", "arranging.sort", "table.key.sort", help="table.help.sort"),
    TableKey("b", "declare", "arranging.declare", "table.key.declare", help="table.help.declare"),
    TableKey("d", "double", "betting.double", "table.key.double", help="table.help.double"),
    TableKey("w", "stake", "betting.stake", "table.key.stake", help="table.help.stake"),
    TableKey("enter", "ready", "arranging.ready", "table.key.ready", "⏎", help="table.help.ready", help_keys="enter"),
    TableKey(
        "enter",
        "pass_cards",
        "passing.give",
        "table.key.pass_cards",
        "⏎",
        help="table.help.pass_cards",
    ),
    TableKey("enter", "skip", "reveal.finish", "table.key.skip", "⏎", help="table.help.skip"),
    TableKey(
        "enter", "results", "open_results", "table.key.results", "⏎"
    ),  # the help's line for n says what enter does then
    TableKey("n", "next", "next_deal", "table.key.next", help="table.help.next", help_keys="n"),
    TableKey(
        "n", "done", "next_deal", "table.key.done"
    ),  # a stored deal shown again or retried: back where it came from
    TableKey("c", "review", "coaching.open_review", "table.key.review", help="table.help.coach"),
    TableKey("t", "take", "leaving.take_seat", "table.key.take", help="table.help.take", help_keys="t 1-4"),
    TableKey("p", "pause_watch", "pacing.toggle", "table.key.pause", help="table.help.pause"),
    TableKey("question_mark", "help", "keys.open_help", "table.key.help", "?", help="table.help.help", help_keys="?"),
    TableKey("escape", "leave", "leaving.ask", "table.key.leave", "esc", help="table.help.leave", help_keys="esc"),
)
APP_KEYS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("ctrl+p", "table.help.palette", ()),
    ("ctrl+q", "table.help.quit", ()),
)  # the App's own, at every table: listed by the help after the table's


def help_lines(keys: Sequence[TableKey] = TABLE_KEYS) -> list[tuple[str, str, tuple[str, ...]]]:
    """The help screen's lines in the order of their keys: (keys as the help writes them, i18n key, the actions
    of the line's bindings; none for the App's own keys)."""
    lines: dict[str, tuple[str, str, tuple[str, ...]]] = {}
    for key in keys:
        if key.help is None:
            continue
        action = parse_action(key.action)[1]
        keys_text, _, actions = lines.get(key.help, (key.help_keys or key.keys, key.help, ()))
        lines[key.help] = (keys_text, key.help, actions if action in actions else (*actions, action))
    return [*lines.values(), *APP_KEYS]


def table_bindings(keys: Sequence[TableKey] = TABLE_KEYS) -> list[BindingType]:
    """The bindings of ``keys``, and last on every key the never-shown ``explain``: when none of a key's
    bindings can act now, :meth:`Keys.explain` says why."""
    out: list[BindingType] = [key.binding() for key in keys]
    every = dict.fromkeys(k.strip() for key in keys for k in key.keys.split(","))
    return out + [Binding(k, f"explain({k!r})", "", show=False) for k in every]


TABLE_BINDINGS = table_bindings()


def keymap_problems(keymap: Mapping[str, str]) -> list[tuple[str, str, str]]:
    """What is wrong in the settings' ``keys`` (binding id -> keys): (``unknown``, id, keys) for an id no key
    has, (``clash``, id, key) for a key another binding already takes. Such entries are left out."""
    ids = {key.id for key in TABLE_KEYS}
    taken: dict[str, str] = {}  # key -> the id that will have it
    for key in TABLE_KEYS:
        if key.id not in keymap:
            for k in key.keys.split(","):
                taken.setdefault(k.strip(), key.id)
    problems: list[tuple[str, str, str]] = []
    for binding_id, keys in keymap.items():
        if binding_id not in ids:
            problems.append(("unknown", binding_id, keys))
            continue
        for k in (k.strip() for k in keys.split(",")):
            if taken.get(k, binding_id) != binding_id:
                problems.append(("clash", binding_id, k))
            taken.setdefault(k, binding_id)
    return problems


def table_keys(keymap: Mapping[str, str]) -> tuple[TableKey, ...]:
    """:data:`TABLE_KEYS` with the player's own keys (the settings' ``keys``) where they are usable
    (:func:`keymap_problems` leaves the others out): a key given new keys shows them in the Footer and the help."""
    bad = {binding_id for _, binding_id, _ in keymap_problems(keymap)}
    usable = {i: k for i, k in keymap.items() if i not in bad}
    out: list[TableKey] = []
    seen: set[str] = set()
    for key in TABLE_KEYS:
        if key.id not in usable:
            out.append(key)
        elif key.id not in seen:  # one binding a remapped id (skip had space and enter): the player's keys
            seen.add(key.id)
            out.append(replace(key, keys=usable[key.id], display=None, help_keys=None))
    return tuple(out)


def key_routes() -> dict[str, str]:
    """Each action of the table's keys and what does its work (:attr:`TableKey.does`)."""
    return {parse_action(key.action)[1]: key.does for key in TABLE_KEYS} | {"explain": "keys.explain"}


def _act(route: str) -> Callable[..., None]:
    part, _, method = route.rpartition(".")

    def act(screen: object, *params: object) -> None:
        getattr(getattr(screen, part) if part else screen, method)(*params)

    act.__doc__ = f"The key's work, done by ``{route}`` (:data:`TABLE_KEYS`)."
    return act


def with_key_actions(screen: type[S]) -> type[S]:
    """Give the table screen an ``action_<name>`` for each action of :data:`TABLE_KEYS` (Textual looks a
    binding's action up by that name), handing the work to the part the key names: the key's one spec says
    what it does, so a new key needs no handler written out on the screen."""
    for action, route in key_routes().items():
        setattr(screen, f"action_{action}", _act(route))
    return screen


class Screen(TableSeen, Protocol):
    """What the keys read of their table screen (a protocol: the screen imports this)."""

    @property
    def app(self) -> App[object]: ...

    def is_too_small(self) -> bool: ...

    @property
    def keymap(self) -> dict[str, str]: ...


# The keys that act even while the terminal is too small to show the table: leaving it, and the keys' help.
PLAIN = frozenset({"leave", "help"})


class Keys:
    """Whether each of the table's keys acts now, and why not."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    def absent(self, action: str) -> Why | None:
        """Why the screen's ``action`` is no key of this table at all, or None when the table has it: the game's
        reading (:func:`app.game.actions.absent`), and ``p`` pauses only a watched table. What :meth:`verdict`
        hides first, and what the `?` help leaves out."""
        table = self.screen.table
        if action == "pause_watch":
            return None if table.watching else Why.NO_PAUSE
        try:
            act = Action(action)
        except ValueError:
            return None  # not a table move (help, leave, the review …): every table has it
        return game_absent(table, act)

    def verdict(self, action: str, parameters: tuple[object, ...] = ()) -> Availability:
        """Whether the screen's ``action`` acts now and, when not, why (:mod:`app.game.why`)."""
        table = self.screen.table
        one_deal = isinstance(table, OneDeal)
        if self.screen.is_too_small() and action not in PLAIN:  # a table the player cannot see takes no move
            return greyed(Why.TOO_SMALL)
        missing = self.absent(action)
        if missing is not None:
            return hidden(missing)
        if action == "pause_watch":
            return YES if table.phase is not Phase.OVER else hidden(Why.TABLE_OVER)
        if action == "done" or (action == "next" and one_deal):
            if one_deal and table.phase in (Phase.REVEALING, Phase.RESULTS):
                return YES if action == "done" else hidden(Why.NOT_SHOWN)
            return hidden(Why.NOT_SHOWN) if one_deal else game_verdict(table, Action.NEXT)
        if action == "review":  # once the deal is scored: another phase's key until then, so hidden
            rec = table.current
            scored = rec is not None and rec.result is not None and table.phase is not Phase.ARRANGING
            return YES if scored else hidden(Why.NOT_SCORED)
        try:
            act = Action(action)
        except ValueError:
            return YES  # not a table move (help, leave, …): always available
        row = Row(int(parameters[0])) if act is Action.PLACE else None  # type: ignore[call-overload]
        return game_verdict(table, act, row)

    def help_lines(self) -> list[tuple[str, str]]:
        """The `?` help's lines for this table: (keys, i18n key) of each line one of whose keys the table has
        (:meth:`absent`, the verdict's own reading), the player's own keys written in."""
        lines = help_lines(table_keys(self.screen.keymap))
        return [
            (keys, text) for keys, text, actions in lines if not actions or any(self.absent(a) is None for a in actions)
        ]

    def open_help(self) -> None:
        """`?`: the keys this table has, each with what it does."""
        self.screen.app.push_screen(HelpScreen(lines=self.help_lines(), t=self.screen.t))

    def stray(self, key: str, character: str | None) -> None:
        """A printable key no binding of the table has (a capital letter with caps lock on, a 7): say so, and
        where the keys are, rather than nothing."""
        screen = self.screen
        if character is None or not character.isprintable() or key in own_bindings(screen):
            return
        screen.say(screen.t("table.why.stray", keys=character), "warning")
        screen.redraw()

    def explain(self, key: str) -> None:
        """``key`` reached its last binding: say why none of the others can act. The reason is the one of the
        binding the Footer shows greyed, else of the first hidden one."""
        screen = self.screen
        found: list[tuple[Binding, Availability]] = []
        for binding in own_bindings(screen).get(key, ()):
            _, name, params = parse_action(binding.action)
            if name != "explain":
                found.append((binding, self.verdict(name, params)))
        if not found or any(v.acts for _, v in found):
            return
        binding, why = next(((b, v) for b, v in found if v.allowed is Allowed.GREYED), found[0])
        screen.say(why_text(screen.t, screen.app.get_key_display(binding), binding.description, why), "warning")
        screen.redraw()
