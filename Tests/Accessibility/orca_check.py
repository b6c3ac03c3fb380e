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

SPOKEN = re.compile(r"SPEECH OUTPUT: '(.*)'")


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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readaloud", required=True)
    parser.add_argument("--book", required=True)
    parser.add_argument("--locale", default="en")
    parser.add_argument("--first", required=True, help="the text Down should make Orca speak")
    parser.add_argument("--last", required=True, help="the book's last text, which say-all must reach")
    parser.add_argument("--seconds", type=int, default=120)
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
        orca = subprocess.Popen(["/usr/bin/python3", launcher, log, prefs], env=environment,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(orca)
        # Orca presents the focused object once it has found the application.
        if not wait_for(lambda: any("document frame" in line for line in spoken(log)), 60):
            print(f"orca_check: Orca presented no document (spoke {spoken(log)[:5]})")
            return 2

        def command(line):
            reader.stdin.write(line + "\n")
            reader.stdin.flush()

        command("Down")
        first = wait_for(lambda: any(arguments.first in line for line in spoken(log)), 30)
        before_say_all = len(spoken(log))
        command("KP_Add")
        last = wait_for(lambda: any(line.strip() == arguments.last for line in spoken(log)), arguments.seconds)
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
              f"{'yes' if same else 'no'} ({len(heard.split())} words)")
        if not same:
            at = next((i for i, (a, b) in enumerate(zip(heard, expected)) if a != b), min(len(heard), len(expected)))
            print(f"orca_check: first difference at {at}: heard {heard[max(0, at - 40):at + 40]!r}, "
                  f"book {expected[max(0, at - 40):at + 40]!r}")
        if not (first and last):
            print("orca_check: the last things Orca said:", said[-8:])
        return 0 if first and last and same else 1
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
