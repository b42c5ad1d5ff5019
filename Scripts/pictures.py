#!/usr/bin/env python3
"""The docs' pictures, made by the program: each picture runs formrun in a
pseudo-terminal (pexpect), types its keys, reads the screen through a
terminal emulator (pyte, as Tests/Terminal/test_screen.py does) and writes
what a person sees as SVG, with the colours and attributes the terminal got.

  Scripts/pictures            write every picture of Docs/pictures/pictures.json
  Scripts/pictures --check    make them again in a scratch folder and fail
                              when one differs from the committed file
  Scripts/pictures NAME...    only those
  Scripts/pictures --text NAME...
                              print the screen each leaves as plain text
                              (what the docs quote), writing no picture

A picture is a still (the screen after its keys) or, with "frames": true, an
animated SVG of the screen after each key ("hold_last": N shows the last
frame N steps); with "text": true the screen it
leaves is also written as NAME.txt, the text the docs quote (DocsTests
checks the quotes against it). The binary is FORMRUN_BINARY or
.build/debug/formrun.
"""
import html
import json
import os
import shutil
import sys
import tempfile
import time

import pexpect
import pyte

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
FORMRUN = os.environ.get("FORMRUN_BINARY") or os.path.join(ROOT, ".build", "debug", "formrun")
TABLE = os.path.join(ROOT, "Docs", "pictures", "pictures.json")

ESC = "\x1b"
KEYS = {
    "up": ESC + "[A", "down": ESC + "[B", "right": ESC + "[C", "left": ESC + "[D",
    "enter": "\r", "space": " ", "tab": "\t", "shift-tab": ESC + "[Z", "esc": ESC,
    "backspace": "\x7f", "ctrl-s": "\x13", "ctrl-c": "\x03", "ctrl-d": "\x04",
    "pgdn": ESC + "[6~", "pgup": ESC + "[5~", "home": ESC + "[H", "end": ESC + "[F",
}

# xterm's palette, the colours most terminals start with
PALETTE = {
    "black": "#000000", "red": "#cd0000", "green": "#00cd00", "brown": "#cdcd00",
    "blue": "#0000ee", "magenta": "#cd00cd", "cyan": "#00cdcd", "white": "#e5e5e5",
    "brightblack": "#7f7f7f", "brightred": "#ff0000", "brightgreen": "#00ff00",
    "brightbrown": "#ffff00", "brightblue": "#5c5cff", "brightmagenta": "#ff00ff",
    "brightcyan": "#00ffff", "brightwhite": "#ffffff",
}
FOREGROUND, BACKGROUND = "#d0d0d0", "#1c1c1c"
CELL_W, CELL_H, FONT = 8.4, 17, 14
PAD = 10


class Screen(pyte.Screen):
    """pyte's screen, with faint (SGR 2) kept: pyte drops it, and formrun
    draws placeholders and hints faint. It is carried in pyte's `blink`
    attribute, which formrun never sets."""

    def select_graphic_rendition(self, *attrs, private=False):
        mapped = []
        for a in attrs:
            if a == 2:
                mapped.append(5)
            elif a == 5:
                continue
            elif a == 22:
                mapped += [22, 25]
            else:
                mapped.append(a)
        if attrs and not mapped:
            return
        super().select_graphic_rendition(*mapped)


def colour(name, default):
    if name in (None, "default"):
        return default
    if name in PALETTE:
        return PALETTE[name]
    if len(name) == 6:
        return "#" + name
    return default


def runs(line, cols):
    """A screen line as runs of cells with the same look: (col, text, look)."""
    out = []
    col = 0
    while col < cols:
        ch = line[col]
        look = (ch.fg, ch.bg, ch.bold, ch.italics, ch.underscore, ch.reverse, ch.blink)
        text = ch.data
        start = col
        col += 1
        while col < cols:
            nxt = line[col]
            if (nxt.fg, nxt.bg, nxt.bold, nxt.italics, nxt.underscore, nxt.reverse, nxt.blink) != look:
                break
            text += nxt.data
            col += 1
        out.append((start, text, look))
    return out


def draw(screen, cols, rows, dy=0):
    """SVG elements for one screen, its top at dy."""
    parts = []
    for y in range(rows):
        line = screen.buffer[y]
        top = dy + PAD + y * CELL_H
        for col, text, look in runs(line, cols):
            fg, bg, bold, italics, underscore, reverse, faint = look
            fore, back = colour(fg, FOREGROUND), colour(bg, None)
            if reverse:
                fore, back = back or BACKGROUND, fore
            width = sum(1 for _ in text) * CELL_W
            x = PAD + col * CELL_W
            if back:
                parts.append(f'<rect x="{x:.1f}" y="{top}" width="{width:.1f}" height="{CELL_H}" fill="{back}"/>')
            # blanks are not drawn: a run starts at its first letter
            lead = len(text) - len(text.lstrip(" "))
            shown = text.strip(" ")
            if not shown:
                continue
            x += lead * CELL_W
            attrs = ['xml:space="preserve"', f'x="{x:.1f}"', f'y="{top + CELL_H - 4}"', f'fill="{fore}"']
            if bold:
                attrs.append('font-weight="bold"')
            if italics:
                attrs.append('font-style="italic"')
            if underscore:
                attrs.append('text-decoration="underline"')
            if faint:
                attrs.append('opacity="0.6"')
            # wide characters take two cells: pyte leaves the second empty
            shown = shown.replace("\0", "")
            parts.append(f'<text {" ".join(attrs)} textLength="{len(shown) * CELL_W:.1f}" '
                         f'lengthAdjust="spacingAndGlyphs">{html.escape(shown)}</text>')
    if not screen.cursor.hidden:
        cx = PAD + screen.cursor.x * CELL_W
        cy = dy + PAD + screen.cursor.y * CELL_H
        parts.append(f'<rect x="{cx:.1f}" y="{cy}" width="{CELL_W}" height="{CELL_H}" '
                     f'fill="{FOREGROUND}" opacity="0.5"/>')
    return parts


def svg(frames, cols, rows, title, seconds_per_frame=0.8, hold_last=1):
    width = PAD * 2 + cols * CELL_W
    height = PAD * 2 + rows * CELL_H
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height}" '
        f'viewBox="0 0 {width:.0f} {height}" role="img" aria-label="{html.escape(title)}">',
        f"<title>{html.escape(title)}</title>",
        "<style>text{font-family:'DejaVu Sans Mono','Menlo','Consolas',monospace;"
        f"font-size:{FONT}px;white-space:pre}}</style>",
        f'<rect width="100%" height="100%" rx="6" fill="{BACKGROUND}"/>',
    ]
    body = []
    if len(frames) == 1:
        body += frames[0]
    else:
        # each frame one step, the last `hold_last` steps (the result stays a while)
        steps = len(frames) - 1 + hold_last
        total = seconds_per_frame * steps
        for i, parts in enumerate(frames):
            start = 100.0 * i / steps
            end = 100.0 * (i + 1) / steps if i < len(frames) - 1 else 100.0
            name = f"f{i}"
            keys = [f"0%{{opacity:0}}"]
            if start > 0:
                keys.append(f"{start - 0.001:.3f}%{{opacity:0}}")
            keys.append(f"{start:.3f}%{{opacity:1}}")
            keys.append(f"{end:.3f}%{{opacity:1}}")
            if end < 100:
                keys.append(f"{end + 0.001:.3f}%{{opacity:0}}")
            keys.append(f"100%{{opacity:{1 if end >= 100 else 0}}}")
            body.append(f"<style>@keyframes {name}{{{''.join(keys)}}}"
                        f"#{name}{{opacity:0;animation:{name} {total:.1f}s step-end infinite}}</style>")
            body.append(f'<g id="{name}">')
            body += parts
            body.append("</g>")
    return "\n".join(head + body + ["</svg>"]) + "\n"


class Terminal:
    """formrun in a pty of the given size, seen through pyte."""

    def __init__(self, args, cols, rows, cwd, env):
        self.cols, self.rows = cols, rows
        self.screen = Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.child = pexpect.spawn(FORMRUN, args, env=env, cwd=cwd, dimensions=(rows, cols))
        self.child.delaybeforesend = None

    def pump(self, quiet=0.3, timeout=8.0, first=3.0):
        """Read until the output has been quiet for `quiet` seconds, once
        something came (or `first` seconds passed with nothing): a loaded
        machine may take a while to answer a key, and a picture must not be
        taken before it did."""
        start = time.time()
        end = start + timeout
        last = None
        while time.time() < end:
            try:
                data = self.child.read_nonblocking(65536, timeout=0.05)
                self.stream.feed(data)
                last = time.time()
            except pexpect.TIMEOUT:
                if last is None:
                    if time.time() - start >= first:
                        return
                elif time.time() - last >= quiet:
                    return
            except pexpect.EOF:
                return

    def send(self, key):
        self.child.send(KEYS.get(key, key))
        self.pump()

    def close(self):
        self.child.close(force=True)


def environment(home):
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "TERM": "xterm-256color",
        "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "XDG_STATE_HOME": os.path.join(home, "state"),
        "TZ": "UTC",
    }
    return env


def make(picture, out_dir, text=None):
    cols, rows = picture.get("size", [80, 24])
    with tempfile.TemporaryDirectory() as home:
        for name, source in picture.get("files", {}).items():
            with open(os.path.join(home, name), "w") as f:
                f.write(source)
        args = [a.replace("{root}", ROOT) for a in picture["args"]]
        env = environment(home)
        env.update(picture.get("env", {}))
        term = Terminal(args, cols, rows, home, env)
        try:
            term.pump(quiet=0.5)
            frames = [draw(term.screen, cols, rows)] if picture.get("frames") else []
            for key in picture.get("keys", []):
                if isinstance(key, dict):  # {"text": "..."} types a string one key at a time
                    if not picture.get("frames"):
                        # a still needs only the screen after the whole text
                        # (a secret's editor echoes nothing to wait for)
                        for ch in key["text"]:
                            term.child.send(ch)
                        term.pump()
                        continue
                    for ch in key["text"]:
                        term.send(ch)
                        frames.append(draw(term.screen, cols, rows))
                    continue
                term.send(key)
                if picture.get("frames"):
                    frames.append(draw(term.screen, cols, rows))
            if not picture.get("frames"):
                frames = [draw(term.screen, cols, rows)]
            shown = [line.rstrip() for line in term.screen.display]
            while shown and not shown[-1]:
                shown.pop()
        finally:
            term.close()
    if text is not None:
        text.extend(shown)
        return None
    text = svg(frames, cols, rows, picture["title"], picture.get("seconds_per_frame", 0.6), picture.get("hold_last", 1))
    path = os.path.join(out_dir, picture["name"] + ".svg")
    with open(path, "w") as f:
        f.write(text)
    if picture.get("text"):
        with open(os.path.join(out_dir, picture["name"] + ".txt"), "w") as f:
            f.write("\n".join(shown) + "\n")
    return path


def main(argv):
    check = "--check" in argv
    as_text = "--text" in argv
    names = [a for a in argv if not a.startswith("--")]
    with open(TABLE) as f:
        table = json.load(f)
    chosen = [p for p in table if not names or p["name"] in names]
    unknown = set(names) - {p["name"] for p in table}
    if unknown:
        print(f"pictures: no picture named {', '.join(sorted(unknown))} in Docs/pictures/pictures.json",
              file=sys.stderr)
        return 2
    target = os.path.dirname(TABLE)
    scratch = tempfile.mkdtemp() if check else None
    stale = []
    try:
        for picture in chosen:
            if as_text:
                lines = []
                make(picture, None, lines)
                print("\n".join(lines))
                continue
            path = make(picture, scratch or target)
            if check:
                same = True
                for ext in [".svg"] + ([".txt"] if picture.get("text") else []):
                    committed = os.path.join(target, picture["name"] + ext)
                    made = os.path.join(scratch, picture["name"] + ext)
                    same = same and os.path.exists(committed) and open(committed).read() == open(made).read()
                if not same:
                    stale.append(picture["name"])
                made = ".svg and .txt" if picture.get("text") else ".svg"
                print(f"{'ok  ' if same else 'OLD '} {picture['name']}{made}")
            else:
                print(f"wrote {os.path.relpath(path, ROOT)}")
    finally:
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)
    if stale:
        print(f"pictures: {len(stale)} out of date ({', '.join(stale)}): run Scripts/pictures and commit them",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
