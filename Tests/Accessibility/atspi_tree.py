#!/usr/bin/python3
"""Prints the accessible tree a program publishes, as a screen reader finds it on the bus.

    dbus-run-session -- /usr/bin/python3 Tests/Accessibility/atspi_tree.py \
        --application readaloud-example -- .build/debug/readaloud-accessible-example

Starts the program with a pipe on its standard input (closed at the end, which ends it), waits
for its first line of output (it has published), finds the application named --application, and
prints one line per object: depth, role, name, state names that matter to a screen reader, the
text with its character count, the language and heading level, the first character's extents,
the object's extents, and the names FLOWS_TO points at. Exits 2 when the application does not
appear.
"""

import argparse
import subprocess
import sys

import pyatspi

from atspi_common import find_application

WATCHED_STATES = [
    ("focused", pyatspi.STATE_FOCUSED), ("focusable", pyatspi.STATE_FOCUSABLE), ("read-only", pyatspi.STATE_READ_ONLY),
    ("showing", pyatspi.STATE_SHOWING), ("active", pyatspi.STATE_ACTIVE),
]


def describe(accessible, depth):
    states = accessible.getState()
    fields = [str(depth), accessible.getRoleName(), repr(accessible.name)]
    fields.append(",".join(name for name, state in WATCHED_STATES if states.contains(state)))
    attributes = dict(a.split(":", 1) for a in accessible.getAttributes() if ":" in a)
    if "level" in attributes:
        fields.append(f"level={attributes['level']}")
    try:
        text = accessible.queryText()
    except NotImplementedError:
        text = None
    if text is not None:
        fields.append(f"text={text.getText(0, -1)!r}/{text.characterCount}")
        run = text.getAttributeRun(0, False)[0] if text.characterCount else []
        fields.extend(a for a in run if a.startswith("language:"))
        if text.characterCount:
            fields.append("char0=" + ",".join(map(str, text.getCharacterExtents(0, pyatspi.DESKTOP_COORDS))))
    extents = accessible.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    fields.append(f"extents={extents.x},{extents.y},{extents.width},{extents.height}")
    flows = [r.getTarget(0) for r in accessible.getRelationSet()
             if r.getRelationType() == pyatspi.RELATION_FLOWS_TO and r.getNTargets()]
    if flows:
        target = flows[0]
        fields.append("flows-to=" + repr(target.name or target.queryText().getText(0, 20)))
    print("\t".join(fields))
    for index in range(accessible.childCount):
        describe(accessible.getChildAtIndex(index), depth + 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--application", required=True)
    parser.add_argument("program", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    program = [a for a in arguments.program if a != "--"]
    process = subprocess.Popen(program, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        print("program:", process.stdout.readline().strip())
        app = find_application(arguments.application)
        if app is None:
            print("atspi_tree: the application did not appear")
            return 2
        describe(app, 0)
        return 0
    finally:
        process.stdin.close()
        process.wait(timeout=20)


if __name__ == "__main__":
    sys.exit(main())
