#!/usr/bin/env python3
"""The line mode at a terminal never misplaces or discards an answer: a
one-letter command that begins a row is asked about, a cancel or Ctrl-D
with changed values asks first, row numbers stay put, an editor's refused
answer comes back to be corrected.

Run from anywhere: python3 Tests/Terminal/test_linemode.py [NAME...]
(uses the helpers of test_terminal.py; Scripts/test runs it).
"""
import json
import os
import re
import sys

import pexpect

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_terminal import PROMPT, Run, check  # noqa: E402
from test_terminal import main as run_tests  # noqa: E402

SHOP = """
local s = form:section{ header = "Order" }
s:text{ name = "item", title = "Item", value = "Tea" }
s:number{ name = "quantity", title = "Quantity", min = 1 }
s:text{ name = "summary", title = "Summary" }
s:text{ name = "level", title = "Level", validators = { "pattern(^%u%u$)" } }
"""

PLACE = """
local s = form:section{ header = "Place" }
s:radio{ name = "country", title = "Country", options = { "Canada", "Mexico", "United States" },
  on_change = function(item) form:find("state").hidden = item.value ~= "United States" end }
s:text{ name = "state", title = "State", hidden = true }
s:text{ name = "city", title = "City" }
"""


def form(home, source, name="form.lua"):
    path = os.path.join(home, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(source)
    return path


def values(r):
    out = r.line("values")
    return json.loads(out[out.index("{"):out.rindex("}") + 1])


# --- a one-letter command that begins a row -----------------------------------

def test_a_letter_that_begins_a_row_is_asked_about(home):
    r = Run([form(home, SHOP)], home)
    r.expect(PROMPT)
    for letter, command, row in [("q", "cancel", "Quantity"), ("s", "submit", "Summary"), ("l", "show", "Level")]:
        out = r.line(letter)
        check(f"the command {command}" in out and f"({row})" in out, f"{letter!r} was not asked about: {out!r}")
        # broken between words to the terminal's 80 columns, not by the terminal mid-word
        check(f"{row.lower()} (or" in out.replace("\r\n", " "), f"a word was broken: {out!r}")
        check(all(len(line) <= 80 for line in out.split("\r\n")), f"a line past 80 columns: {out!r}")
    # nothing was cancelled or submitted: the row is still there to fill
    r.line("quantity 3")
    check(values(r)["quantity"] == 3, "the form did not go on after the questions")
    r.send("cancel\r")
    r.expect(re.escape("[y/N] "))
    r.send("y\r")
    status, _ = r.end()
    check(status == 1, f"exit {status} after cancel, expected 1")


def test_a_cancel_with_changed_values_asks_first(home):
    r = Run([form(home, SHOP)], home)
    r.expect(PROMPT)
    r.line("summary two boxes")
    r.send("quit\r")
    r.expect(re.escape("Discard it and cancel? [y/N] "))
    check("1 changed value would be lost" in r.child.before, r.child.before)
    r.send("n\r")
    r.expect(PROMPT)
    check(values(r)["summary"] == "two boxes", "the answer no discarded the value")
    r.send("cancel\r")
    r.expect(re.escape("[y/N] "))
    r.send("y\r")
    status, _ = r.end()
    check(status == 1, f"exit {status}, expected 1 (cancelled)")
    check(r.echo(), "the echo is off after the question")


def test_ctrl_d_after_typing_values_asks(home):
    r = Run([form(home, SHOP)], home)
    r.expect(PROMPT)
    r.line("quantity 3")
    r.send("\x04")
    r.expect(re.escape("quit and lose it? [y/N] "))
    r.send("\r")
    r.expect(PROMPT)
    check(values(r)["quantity"] == 3, "the value was lost after Ctrl-D")
    r.send("\x04")
    r.expect(re.escape("[y/N] "))
    r.send("y\r")
    r.expect("input ended before submit")
    status, _ = r.end()
    check(status == 3, f"exit {status}, expected 3")
    # with nothing changed, Ctrl-D ends at once
    r = Run([form(home, SHOP)], home)
    r.expect(PROMPT)
    r.send("\x04")
    r.expect("input ended before submit")
    check("[y/N]" not in r.child.before, "asked with nothing to lose")
    status, _ = r.end()
    check(status == 3, f"exit {status}, expected 3")


# --- row numbers ----------------------------------------------------------------

def test_numbers_stay_put_when_a_row_appears(home):
    r = Run([form(home, PLACE)], home)
    r.expect(PROMPT)
    check(re.search(r"3  City", r.child.before), f"City is not row 3 on the first screen: {r.child.before!r}")
    out = r.line("2 Boston")
    check("row 2 is hidden now" in out, f"a hidden row's number was taken: {out!r}")
    r.line("country united states")
    r.line("3 Boston")
    r.line("2 MA")
    v = values(r)
    check(v == {"country": "United States", "state": "MA", "city": "Boston"}, f"values {v}")
    r.send("q\r")
    r.expect(re.escape("[y/N] "))
    r.send("y\r")
    r.end()


# --- an editor's refused answer ----------------------------------------------

def test_a_refused_answer_keeps_the_editor_open_with_the_text(home):
    r = Run([form(home, SHOP)], home)
    r.expect(PROMPT)
    r.send("level\r")
    r.expect("Level: ")
    r.send("ca\r")
    r.expect(re.escape("! Level is not in the expected format."))
    # the editor asks again, its line starts with the refused text
    r.expect("Level: ca")
    r.send("\x15CA\r")  # Ctrl-U empties the line
    r.expect(PROMPT)
    check(values(r)["level"] == "CA", "the correction did not reach the row")
    # a kind's refusal the same way
    r.send("quantity\r")
    r.expect("Quantity: ")
    r.send("lots\r")
    r.expect("Quantity: lots")
    r.send("\x15" + "4\r")
    r.expect(PROMPT)
    check(values(r)["quantity"] == 4, "the correction did not reach the quantity")
    r.send("cancel\r")
    r.expect(re.escape("[y/N] "))
    r.send("y\r")
    r.end()


def test_up_in_a_choice_editor_steps_through_its_options_not_the_history(home):
    r = Run([form(home, PLACE)], home)
    r.expect(PROMPT)
    r.line("city Boston")
    r.send("country\r")
    r.expect("Country: ")
    # the history holds "country" and "city Boston": neither becomes the answer
    r.send("\x1b[A")
    r.expect("Canada")
    r.send("\x1b[A\r")
    r.expect(PROMPT)
    check(values(r)["country"] == "Mexico", "↑ ↑ did not choose the second option")
    # at the prompt ↑ is the history again
    r.send("\x1b[A")
    r.expect("values")
    r.send("\x15cancel\r")
    r.expect(re.escape("[y/N] "))
    r.send("y\r")
    r.end()


FILES = """
local s = form:section("A")
s:file{ name = "f", title = "F", extensions = { "csv" } }
"""


def test_tab_lists_file_names_escaped_and_asks_before_a_long_list(home):
    data = os.path.join(home, "data")
    os.makedirs(data)
    for name in ["a.csv", "esc\x1b[2J.csv", "bell\x07.csv", "new\nline.csv", "\u202eevil.csv",
                 "osc\x1b]52;c;SGVsbG8=\x07.csv"]:
        open(os.path.join(data, name), "w").close()
    r = Run([form(home, FILES)], home)
    r.expect(PROMPT)
    r.send(f"f {data}/")
    r.send("\t")
    # the names sorted, the last written out too
    r.expect(re.escape("\\u{202E}evil.csv"))
    shown = r.child.before
    check("esc\\e[2J.csv" in shown and "osc\\e]52;" in shown, f"not listed escaped: {shown!r}")
    for raw in ["\x1b[2J", "\x1b]52", "\x07", "\u202e", "new\nline"]:
        check(raw not in shown, f"{raw!r} reached the terminal: {shown!r}")
    # a folder of many entries asks first; n lists nothing
    many = os.path.join(home, "many")
    os.makedirs(many)
    for i in range(150):
        open(os.path.join(many, f"{i}.csv"), "w").close()
    r.send(f"\x15f {many}/\t")
    r.expect(re.escape("Display all 150 possibilities? (y or n)"))
    r.send("n\x15values\r")
    r.expect(PROMPT)
    check("149.csv" not in r.child.before, "listed after n")
    r.send(f"f {many}/\t")
    r.expect("possibilities")
    r.send("y")
    r.expect("149.csv")
    r.send("\x15cancel\r")
    r.end()


# --- messages that say the fix --------------------------------------------

def test_the_first_screens_hint_is_wrapped_between_words(home):
    for columns in (60, 100):
        r = Run([form(home, SHOP)], home, size=(40, columns))
        r.expect(PROMPT)
        screen = r.child.before
        hint = screen[screen.index("type a row's number"):].split("\r\n")
        check(all(len(line) <= columns for line in hint), f"hint wider than {columns}: {hint!r}")
        words = " ".join(hint).split()
        for word in ("enough),", "submit", "beginning"):
            check(word in words, f"{word!r} was cut at {columns} columns: {hint!r}")
        out = r.line("?")
        check("delete N" not in out and "move N M" not in out, f"help lists row commands this form lacks: {out!r}")
        r.quit()


# --- secrets ---------------------------------------------------------------

ACCOUNT = """
local s = form:section{}
s:text{ name = "user", title = "User" }
s:text{ name = "password", title = "Password", secure = true }
"""


def test_a_secret_is_typed_into_its_editor_and_shown_as_a_fixed_mask(home):
    r = Run([form(home, ACCOUNT)], home)
    r.expect(PROMPT)
    out = r.line("password hunter22x")
    check("is secret" in out and "type password alone" in out, f"NAME VALUE on a secret was taken: {out!r}")
    check(values(r)["password"] is None, "the secret was set from a line that showed it")
    r.send("password\r")
    r.expect("Password: ")
    check(not r.echo(), "the secret's editor echoes")
    r.send("hunter22x\r")
    r.expect(PROMPT)
    out = r.line("values")
    check("hunter22x" not in out and '"password":"(secret)"' in out, f"values showed the secret: {out!r}")
    drawn = r.line("show")
    row = next(line for line in drawn.split("\r\n") if "Password" in line)
    check("\u2022" * 8 in row and "\u2022" * 9 not in row, f"not a mask of 8: {row!r}")
    r.send("password\r")  # a longer one shows the same mask
    r.expect("Password: ")
    r.send("a-much-longer-secret-of-thirty\r")
    r.expect(PROMPT)
    row = next(line for line in r.line("show").split("\r\n") if "Password" in line)
    check("\u2022" * 8 in row and "\u2022" * 9 not in row, f"the mask tells the length: {row!r}")
    r.quit()


# --- the guided walk at a terminal -------------------------------------------

COUNTRY = """
form.title = "Where"
local s = form:section{ header = "Place" }
s:radio{ name = "country", title = "Country", required = true,
  options = { "Argentina", "Brazil", "Canada", "Chile", "Denmark", "France", "Germany", "India", "Japan",
    "Kenya", "Mexico", "Norway", "United Kingdom", "United States" },
  on_change = function(item) form:find("state").hidden = item.value ~= "United States" end }
s:text{ name = "state", title = "State", hidden = true, required = true, validators = { "pattern(^%u%u$)" } }
s:text{ name = "city", title = "City", required = true }
"""


def test_a_walk_asks_a_refused_answer_again_on_an_empty_line(home):
    for env in [{"ACCESSIBLE": "1"}, {}]:
        args = [form(home, COUNTRY)] + ([] if env else ["--guided"])
        r = Run(args, home, extra_env=env)
        r.expect("Country: ")
        r.send("Xanadu\r")
        r.expect("has no option 'Xanadu'")
        # what was refused is said, and the line asks again empty; nothing moved on
        r.expect("our answer was: Xanadu")
        r.expect("Country: ")
        check("City" not in r.child.before, f"the walk went on after a refusal: {r.child.before!r}")
        # nothing glued: the next answer is taken as typed
        r.send("United States\r")
        r.expect("State: ")
        r.send("C\r")
        r.expect("not in the expected format")
        r.expect("our answer was: C")
        r.expect("State: ")
        # ↑ brings the refused answer back to correct (A alone would be refused)
        r.send("\x1b[A" + "A\r")
        r.expect("City: ")
        r.send("Boston\r")
        r.expect(re.escape("Submit, y or n? ") if env else re.escape("Submit? [Y/n] "))
        check(r.child.before.count("Submit?") == 0 if env else "Submit? [Y/n] (" not in r.child.before,
              "the submit question was asked twice")
        r.send("y\r")
        status, _ = r.end()
        check(status == 0, f"{env}: exit {status}")


def test_a_choice_from_part_of_an_option_is_said_back(home):
    for env in [{"ACCESSIBLE": "1"}, {}]:
        args = [form(home, COUNTRY)] + ([] if env else ["--guided"])
        r = Run(args, home, extra_env=env)
        r.expect("Country: ")
        r.send("ca\r")
        # said before the next question, with how to go back
        r.expect(re.escape('Country: Canada (taken from "ca"; :back changes it).'))
        r.expect("City: ")
        r.send(":back\r")
        r.expect("Country: ")
        r.send("14\r")  # by number: said back plainly
        r.expect("State: ")
        check("taken from" not in r.child.before, f"a choice by number was said as taken from a part: {r.child.before!r}")
        r.send(":q\r")
        r.expect(re.escape("[y/N] "))
        r.send("y\r")
        status, _ = r.end()
        check(status == 1, f"{env}: exit {status} after :q")


# --- one way to match choices; suggestions for free text ------------------------

TRIP = """
local s = form:section{ header = "Trip" }
s:radio{ name = "country", title = "Country",
  options = { "Australia", "Austria", "Canada", "New Zealand", "United Kingdom", "United States" } }
s:text{ name = "city", title = "City", suggestions = { "Boston", "Berlin", "Bern", "New York" } }
s:text{ name = "host", title = "Host", suggestions = function(text)
  if text == "!" then error("lookup failed") end
  local out = {}
  for _, h in ipairs{ "alpha.example", "alpine.example", "beta.example" } do
    if h:sub(1, #text) == text then out[#out + 1] = h end
  end
  return out
end }
"""


def test_letters_of_an_option_choose_it_as_the_screen_ranks_them(home):
    r = Run([form(home, TRIP)], home)
    r.expect(PROMPT)
    r.line("country us")
    check(values(r)["country"] == "United States", "'us' did not choose United States")
    out = r.line("country au")
    check("could be more than one option of Country: 1 Australia, 2 Austria" in out, f"'au' was not listed: {out!r}")
    check(values(r)["country"] == "United States", "a refused choice changed the value")
    r.quit()
    r = Run([form(home, TRIP), "--strict"], home)
    r.expect(PROMPT)
    out = r.line("country nz")
    # a message wider than the terminal is wrapped between words
    said = " ".join(out.split())
    check("--strict takes only a whole option or its number (closest: 4 New Zealand)" in said, f"--strict took 'nz': {out!r}")
    r.line("country new zealand")
    check(values(r)["country"] == "New Zealand", "--strict refused a whole option")
    r.quit()


def test_tab_offers_a_text_rows_suggestions(home):
    r = Run([form(home, TRIP)], home)
    r.expect(PROMPT)
    r.send("city bstn\t")  # the letters in order: the one offer replaces them
    r.expect("Boston")
    r.line("")
    check(values(r)["city"] == "Boston", "city bstn<Tab> did not give Boston")
    # in the row's editor, from the script's function
    r.send("host\r")
    r.expect("Host")
    r.send("alp\t")  # two offers sharing "alp": listed
    r.expect("alpha.example +alpine.example")
    r.send("h\t")  # now one
    r.expect("a.example")
    r.send("\r")
    r.expect(PROMPT)
    check(values(r)["host"] == "alpha.example", "the editor's Tab did not complete the host")
    # any text is still taken; a failing function is reported as a handler's error, with its place
    r.send("host !\t")
    r.send("\r")
    r.expect(PROMPT)
    out = r.child.before
    said = " ".join(out.split())
    check("error in suggestions of 'Host'" in said and "form.lua:7: lookup failed" in said,
          f"the function's error was not reported: {out!r}")
    check(values(r)["host"] == "!", "a text no suggestion holds was refused")
    r.quit()
    # the walk completes the answer to its question
    r = Run([form(home, TRIP), "--guided"], home)
    for question, typed, completed in [("Country: ", "New\t", "Zealand"), ("City: ", "bst\t", "Boston"),
                                       ("Host: ", "alph\t", "a.example")]:
        r.expect(question)
        r.send(typed)
        r.expect(completed)
        r.send("\r")
    r.expect(re.escape("Submit? [Y/n] "))
    r.send("y\r")
    r.expect(pexpect.EOF)
    out = r.child.before
    check('{"country":"New Zealand","city":"Boston","host":"alpha.example"}' in out, f"the walk's answers: {out!r}")


def test_the_framed_form_is_drawn_in_the_theme(home):
    source = 'form.theme = "light"\nform.title = "Trip"\n' + TRIP
    # the form's own theme; then FORMRUN_THEME over it; NO_COLOR: none at all
    for env, title in [({"NO_COLOR": ""}, "\x1b[1;30mTrip"),
                       ({"NO_COLOR": "", "FORMRUN_THEME": "high-contrast"}, "\x1b[1;97mTrip"),
                       ({"NO_COLOR": "1", "FORMRUN_THEME": "high-contrast"}, "Trip")]:
        r = Run([form(home, source)], home, extra_env=env)
        r.expect(PROMPT)
        shown = r.child.before
        check(title in shown, f"{env}: the title is not {title!r}: {shown!r}")
        if env["NO_COLOR"]:
            check("\x1b[1" not in shown and "\x1b[9" not in shown, f"colour with NO_COLOR: {shown!r}")
        r.quit()


WIDE = """
local s = form:section{ header = "Trip" }
s:radio{ name = "country", title = "Country", description = "The country you will land in first, as printed on your ticket or boarding pass",
  options = { "Argentina", "Brazil", "Canada", "Democratic Republic of the Congo", "Denmark", "France", "United Kingdom", "United States" } }
s:text{ name = "city", title = "City" }
"""


def test_the_walk_is_wrapped_between_words_at_a_terminal(home):
    r = Run([form(home, WIDE), "--guided"], home, size=(40, 60))
    r.expect("Country: ")
    lines = [line for line in r.child.before.split("\r\n") if line.strip()]
    check(all(len(line) <= 60 for line in lines), f"a line wider than 60: {lines!r}")
    said = " ".join(lines).split()
    for word in ("Congo,", "boarding", "ticket", "Kingdom,"):
        check(word in said, f"{word!r} was cut: {lines!r}")
    r.send(":q\r")
    r.end()


if __name__ == "__main__":
    sys.exit(run_tests(globals()))
