#!/usr/bin/python3
"""Orca, unchanged, reads `readaloud BOOK --accessible`: focus, a line, and say-all to the end.

Run inside a D-Bus session of its own, with Debian's orca, xvfb, at-spi2-core and
python3-pyatspi:

    dbus-run-session -- /usr/bin/python3 Tests/Accessibility/orca_check.py \
        --readaloud .build/debug/readaloud --book Books/alice-in-wonderland.txt \
        --first "Alice’s Adventures in Wonderland." --last "THE END"

It starts Xvfb (Orca needs a display for its keymap), turns the session's accessibility on
(org.a11y.Status), starts readaloud with a pipe for its commands, then Orca with speech off and
its debug log line-buffered: with speech off Orca logs each utterance as `SPEECH OUTPUT: '…'` and
runs say-all to the end at once. It presses Down (Orca speaks the new line), then the keypad's
plus through readaloud's key forwarding (Orca's say-all), and waits for the book's last text.
Prints what it saw in one line; exits 1 when Orca did not speak what it should, 2 when a piece
could not start.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from atspi_common import unit_rows

LAUNCHER = r'''
import builtins, runpy, sys
log, prefs = sys.argv[1], sys.argv[2]
real_open = builtins.open
def open_line_buffered(path, mode="r", *args, **kwargs):
    if path == log and "w" in mode:
        return real_open(path, mode, buffering=1)
    return real_open(path, mode, *args, **kwargs)
builtins.open = open_line_buffered
sys.argv = ["orca", "--debug", "--debug-file", log, "-u", prefs, "--disable", "speech"]
runpy.run_path("/usr/bin/orca", run_name="__main__")
'''

# `SPEECH OUTPUT: 'text'`, then the voice's settings when it has any: `{'established': False}`.
SPOKEN = re.compile(r"SPEECH OUTPUT: '(.*)'\s*(?:\{.*\})?\s*$")


def spoken(log):
    try:
        with open(log, encoding="utf-8", errors="replace") as file:
            return [m.group(1) for m in map(SPOKEN.search, file) if m]
    except FileNotFoundError:
        return []


def wait_for(predicate, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


def set_status(name):
    subprocess.run(
        ["gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus", "--method",
         "org.freedesktop.DBus.Properties.Set", "org.a11y.Status", name, "<true>"],
        check=True, capture_output=True)


def element_texts(arguments):
    """Each element's text, from `readaloud units --granularity paragraph --offsets`."""
    texts = {}
    for element, _, _, text in unit_rows(arguments.readaloud, arguments.book, "paragraph", arguments.locale):
        texts.setdefault(element, text)
    return texts


def utf16_slice(text, start, end):
    return text.encode("utf-16-le")[2 * start:2 * end].decode("utf-16-le", errors="replace")


def line_units(arguments):
    """{element: [(start, end)]} of `readaloud units --granularity line --offsets`."""
    lines = {}
    for element, start, end, _ in unit_rows(arguments.readaloud, arguments.book, "line", arguments.locale):
        lines.setdefault(element, []).append((start, end))
    return lines


# The moves checked (on Alice, from the start of element 1): each key or caret command, and what
# Orca must then speak, from the caret before and after: the line at the caret (Down, Up), the
# character at it (Right, Left; across an element's edge, the element Orca's focus moved to), the
# text between the two carets (Ctrl+Right) or the word at the caret (Ctrl+Left), the element with
# its role (a caret the host moves to a heading).
KEYS = ["Down", "Right", "Right", "Ctrl+Right", "Ctrl+Right", "Ctrl+Left", "Left", "Up", "Up", "Down",
        "End", "Right", "Left", "caret 18 0", "Down", "Down", "Down", "Up", "Ctrl+End", "Left", "Left", "Ctrl+Left"]


def normalized(text):
    text = " ".join(text.split())
    return text[len("read only "):] if text.startswith("read only ") else text


def check_keys(arguments, reader, log, command):
    texts = element_texts(arguments)
    lines = line_units(arguments)
    caret = (1, 0)
    good = 0
    for key in KEYS:
        before = len(spoken(log))
        command(key)
        report = reader.stdout.readline().split()
        new_caret = (int(report[1]), int(report[2]))
        wait_for(lambda: len(spoken(log)) > before, 5)
        time.sleep(0.4)
        said = normalized(" ".join(spoken(log)[before:]))
        element, offset = new_caret
        text = texts.get(element, "")
        if key in ("Down", "Up"):
            line = next(((a, b) for a, b in lines.get(element, []) if a == offset), (offset, offset))
            want = normalized(utf16_slice(text, *line))
            ok = said in (want, want + ".")  # Orca ends an object it presents whole with a period
        elif key in ("Right", "Left") and element != caret[0]:
            # Across an element's edge the focus moves, and Orca presents the new object whole.
            want = normalized(text)
            ok = said in (want, want + ".")
        elif key in ("Right", "Left"):
            want = utf16_slice(text, offset, offset + 1)
            ok = said == want.strip() or (want.isspace() and said in ("", "space"))
        elif key == "Ctrl+Right":
            low = caret[1] if caret[0] == element else 0
            want = normalized(utf16_slice(text, low, offset))
            ok = said == want
        elif key == "Ctrl+Left":
            # Orca speaks the word at the new caret.
            rest = utf16_slice(text, offset, len(text.encode("utf-16-le")) // 2)
            want = f"the word {rest.split()[0] if rest.split() else ''!r} at the caret"
            ok = bool(said) and rest.startswith(said) and not rest[len(said):len(said) + 1].isalnum()
        elif key.startswith("caret"):
            want = normalized(text) + " heading."
            ok = said == want
        else:
            want = "(anything)"
            ok = True
        if not ok:
            print(f"orca_check: {key} to {element}:{offset}: Orca said {said!r}, want {want!r}")
        good += ok
        caret = new_caret
    return good, len(KEYS)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readaloud", required=True)
    parser.add_argument("--book", required=True)
    parser.add_argument("--locale", default="en")
    parser.add_argument("--first", required=True, help="the text Down should make Orca speak")
    parser.add_argument("--last", required=True, help="the book's last text, which say-all must reach")
    parser.add_argument("--seconds", type=int, default=120)
    parser.add_argument("--keys", action="store_true",
                        help="also check what Orca speaks for line, word and character moves (Alice's elements)")
    arguments = parser.parse_args()

    work = tempfile.mkdtemp(prefix="readaloud-orca-")
    log = os.path.join(work, "orca-debug.log")
    prefs = os.path.join(work, "prefs")
    os.mkdir(prefs)
    launcher = os.path.join(work, "launch_orca.py")
    with open(launcher, "w") as file:
        file.write(LAUNCHER)
    display = f":{100 + os.getpid() % 800}"
    environment = dict(os.environ, DISPLAY=display)
    processes = []
    try:
        xvfb = subprocess.Popen(["Xvfb", display, "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        processes.append(xvfb)
        if not wait_for(lambda: os.path.exists(f"/tmp/.X11-unix/X{display[1:]}"), 20):
            print("orca_check: Xvfb did not start")
            return 2
        bus = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(bus)
        if not wait_for(lambda: subprocess.run(
                ["gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                 "--method", "org.a11y.Bus.GetAddress"], capture_output=True).returncode == 0, 20):
            print("orca_check: the accessibility bus did not start")
            return 2
        set_status("IsEnabled")
        set_status("ScreenReaderEnabled")
        reader = subprocess.Popen(
            [arguments.readaloud, arguments.book, "--accessible", "--locale", arguments.locale],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1, env=environment)
        processes.append(reader)
        if not reader.stdout.readline().startswith("ready"):
            print("orca_check: readaloud did not publish the book")
            return 2
        reader.stdout.readline()
        orca_output = open(os.path.join(work, "orca-output.txt"), "w")
        orca = subprocess.Popen(["/usr/bin/python3", launcher, log, prefs], env=environment,
                                stdout=orca_output, stderr=subprocess.STDOUT)
        processes.append(orca)
        # Orca presents the focused object once it has found the application.
        if not wait_for(lambda: any("document frame" in line for line in spoken(log)) or orca.poll() is not None, 60):
            pass
        if not any("document frame" in line for line in spoken(log)):
            with open(os.path.join(work, "orca-output.txt"), errors="replace") as file:
                said = file.read()[-600:]
            state = f"exited with {orca.returncode}" if orca.poll() is not None else "still running"
            print(f"orca_check: Orca ({state}) presented no document (spoke {spoken(log)[:5]}; printed {said!r})")
            return 2

        def command(line):
            reader.stdin.write(line + "\n")
            reader.stdin.flush()

        command("Down")
        first = wait_for(lambda: any(arguments.first in line for line in spoken(log)), 30)
        reader.stdout.readline()
        keys_ok, keys_total = (check_keys(arguments, reader, log, command) if arguments.keys else (0, 0))
        if arguments.keys:
            # Back to the start of element 1, where say-all starts.
            command("caret 1 0")
            reader.stdout.readline()
            time.sleep(1)
        before_say_all = len(spoken(log))
        command("KP_Add")
        last = wait_for(
            lambda: any(line.strip() == arguments.last for line in spoken(log)[before_say_all:]), arguments.seconds)
        time.sleep(0.5)
        said = spoken(log)
        # Say-all from the caret (the start of element 1, after Down) must be the book's text from
        # there, each word once, in order.
        heard = " ".join(" ".join(said[before_say_all:]).split())
        paragraphs = subprocess.run(
            [arguments.readaloud, "units", arguments.book, "--granularity", "paragraph", "--locale",
             arguments.locale], check=True, capture_output=True, text=True).stdout.splitlines()
        expected = " ".join(" ".join(paragraphs[1:]).split())
        same = heard == expected
        print(f"orca_check: Orca spoke {len(said)} utterances; Down: {'yes' if first else 'no'} "
              f"({arguments.first!r}); say-all reached the end: {'yes' if last else 'no'} ({arguments.last!r}); "
              f"say-all's {len(said) - before_say_all} utterances are the book's text from the caret: "
              f"{'yes' if same else 'no'} ({len(heard.split())} words); keys spoken as expected: "
              f"{keys_ok} of {keys_total}")
        if not same:
            at = next((i for i, (a, b) in enumerate(zip(heard, expected)) if a != b), min(len(heard), len(expected)))
            print(f"orca_check: first difference at {at}: heard {heard[max(0, at - 40):at + 40]!r}, "
                  f"book {expected[max(0, at - 40):at + 40]!r}")
        if not (first and last):
            print("orca_check: the last things Orca said:", said[-8:])
        return 0 if first and last and same and keys_ok == keys_total else 1
    finally:
        for process in reversed(processes):
            if process.poll() is None:
                process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
