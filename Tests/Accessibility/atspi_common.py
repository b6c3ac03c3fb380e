"""What the accessibility checks share: finding an application on the bus, and the units
`readaloud units --offsets` prints."""

import subprocess
import time

import pyatspi


def find_application(name, seconds=20):
    """The application named `name` on the bus, waiting up to `seconds` for it; None without."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            app = desktop.getChildAtIndex(index)
            if app is not None and app.name == name:
                return app
        time.sleep(0.2)
    return None


def unit_rows(readaloud, book, granularity, locale):
    """[(element, start, end, text)] of `readaloud units --granularity G --offsets`: UTF-16
    offsets in the element."""
    output = subprocess.run(
        [readaloud, "units", book, "--granularity", granularity, "--offsets", "--locale", locale],
        check=True, capture_output=True, text=True).stdout
    rows = []
    for line in output.splitlines():
        element, start, end, text = line.split("\t", 3)
        rows.append((int(element), int(start), int(end), text))
    return rows
