"""The source files the suite scans, each read, parsed and walked at most once a process.

Several tests check the product's code by its syntax tree (the floors' imports, the names of classes, the
presets' traits, Textual's private names, the thread workers…), and each of them parsed every module of
``rules``, ``ai`` and ``app`` again: about a second of CPU a test, the same trees every time. Here a file is
parsed once and its nodes listed once, and each check only loops over them.

The trees and node lists are shared by every test of the process: a caller reads them and never changes them
(no node's field set, no ``ast.fix_missing_locations``, no transformer), or the next check would scan code that
is not on disk. A file is read when first asked for and kept as it was for the rest of the process, which is how
a test run sees its sources anyway.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path


@functools.cache
def text(path: Path) -> str:
    """The file's text (kept apart from its tree: a check of the text alone still runs on a file that does not
    parse, as it did when it read the file itself)."""
    return path.read_text(encoding="utf-8")


@functools.cache
def tree(path: Path) -> ast.Module:
    """The file's syntax tree (shared: read it, never change it). A file that does not parse raises
    :class:`SyntaxError` at every call, as an error is not cached: every check that scans it fails, as before."""
    return ast.parse(text(path), str(path))


@functools.cache
def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the file's tree, in :func:`ast.walk`'s order (shared, as the tree): walking a tree costs
    about a third of parsing it, and most checks walk every file."""
    return tuple(ast.walk(tree(path)))
