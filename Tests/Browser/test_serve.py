#!/usr/bin/env python3
"""formrun serve in a real browser: Debian's chromium, headless, driven
through chromium-driver by Selenium, as a person fills a form: fields found
by their labels, buttons by their words. Each page is checked by axe-core
(the axe.min.js that axe-selenium-python ships): no violation.

Installs what it needs when it is missing (chromium, chromium-driver and
python3-selenium from Debian, axe-selenium-python from PyPI).

Run from anywhere: python3 Tests/Browser/test_serve.py [NAME...]
(the binary is $FORMRUN_BINARY, else .build/debug/formrun).
Prints one line per test and last `N passed, N failed`; exit 1 on a failure.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FORMRUN = os.environ.get("FORMRUN_BINARY") or os.path.join(ROOT, ".build", "debug", "formrun")
EXAMPLES = os.path.join(ROOT, "Examples")
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")


# --- what the suite needs ------------------------------------------------------

def importable(module, python):
    return subprocess.run([python, "-c", f"import {module}"], capture_output=True).returncode == 0


def ensure_tools():
    """chromium and its driver from Debian, Selenium (Debian's, else PyPI),
    axe-selenium-python from PyPI; this script run again under the system's
    python when that is the one that has Selenium."""
    system = "/usr/bin/python3"
    if not importable("selenium", sys.executable) and sys.executable != system and os.path.exists(system) \
            and importable("selenium", system):
        os.execv(system, [system] + sys.argv)
    need = [p for p, b in (("chromium", "chromium"), ("chromium-driver", "chromedriver")) if not shutil.which(b)]
    if not importable("selenium", sys.executable) and not (os.path.exists(system) and importable("selenium", system)):
        need.append("python3-selenium")
    if need:
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        print(f"formrun: installing {' '.join(need)}", file=sys.stderr)
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True, env=env, stdout=sys.stderr)
        subprocess.run(sudo + ["apt-get", "install", "-y", "-qq"] + need, check=True, env=env, stdout=sys.stderr)
    if not importable("selenium", sys.executable):
        # Debian's selenium is the system python's: run under it
        if sys.executable != system and os.path.exists(system) and importable("selenium", system):
            os.execv(system, [system] + sys.argv)
        pip("selenium")
    try:
        import axe_selenium_python  # noqa: F401
    except ImportError:
        pip("axe-selenium-python")


def pip(package):
    print(f"formrun: installing {package} (PyPI)", file=sys.stderr)
    base = [sys.executable, "-m", "pip", "install", "-q", package]
    if subprocess.run(base, stdout=sys.stderr).returncode != 0:
        subprocess.run(base + ["--break-system-packages"], check=True, stdout=sys.stderr)


ensure_tools()

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402
import axe_selenium_python  # noqa: E402

AXE = os.path.join(os.path.dirname(axe_selenium_python.__file__), "node_modules", "axe-core", "axe.min.js")


def check(condition, message):
    if not condition:
        raise AssertionError(message)


# --- formrun serve -------------------------------------------------------------

class Server:
    """formrun serve FORM on a free port of this machine."""

    def __init__(self, form, *flags, cwd=None, env=None):
        self.err = tempfile.TemporaryFile()
        self.out = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            [FORMRUN, "serve", form, "--listen", "127.0.0.1:0", *flags], stdout=self.out, stderr=self.err,
            cwd=cwd, env=dict(os.environ, **(env or {})))
        deadline = time.time() + 20
        while time.time() < deadline:
            self.err.seek(0)
            text = self.err.read().decode()
            m = re.search(r'formrun: serving "(.*)" at (http://\S+)', text)
            if m:
                self.title, self.url = m.group(1), m.group(2)
                self.base = re.sub(r"/\?token=.*", "/", self.url)
                return
            if self.proc.poll() is not None:
                raise AssertionError(f"serve ended ({self.proc.returncode}): {text}")
            time.sleep(0.05)
        raise AssertionError("serve did not say where it listens")

    def stop(self, sig=signal.SIGTERM, timeout=20):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        return self.finished(timeout)

    def finished(self, timeout=20):
        rc = self.proc.wait(timeout=timeout)
        self.out.seek(0)
        return rc, self.out.read().decode()

    def stderr(self):
        self.err.seek(0)
        return self.err.read().decode()

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


class Browser:
    """A headless chromium, its own profile (cookies), driven as a person would."""

    def __init__(self, javascript=True):
        self.javascript = javascript
        o = Options()
        for a in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1000,1400",
                  "--disable-gpu", "--no-first-run"]:
            o.add_argument(a)
        if not javascript:
            o.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
        self.d = webdriver.Chrome(options=o, service=Service(shutil.which("chromedriver")))
        self.d.set_page_load_timeout(30)

    def close(self):
        self.d.quit()

    def open(self, url):
        self.d.get(url)
        self.axe()

    def wait(self, condition, what, timeout=10):
        try:
            # a page being replaced may answer for a node that just left it
            # ("does not belong to the document"): asked again, as a stale one is
            ignored = (StaleElementReferenceException, WebDriverException)
            return WebDriverWait(self.d, timeout, ignored_exceptions=ignored).until(lambda d: condition())
        except TimeoutException:
            raise AssertionError(f"waited for {what}\n--- page ---\n{self.text()}")

    def text(self):
        return self.d.find_element(By.TAG_NAME, "body").text

    def wait_text(self, text, timeout=10):
        self.wait(lambda: text in self.text(), repr(text), timeout)

    def wait_gone(self, text, timeout=10):
        self.wait(lambda: text not in self.text(), f"{text!r} to go", timeout)

    # the control a label (or a group's legend) names, found in one step in the
    # page (a change's answer may swap blocks meanwhile): the label's words
    # without its marks (` *`, `(required)`) or its detail
    FIND_LABELLED = """
      var words = arguments[0];
      function said(el) {
        var c = el.cloneNode(true);
        c.querySelectorAll('.required, .visually-hidden, .detail').forEach(function (n) { n.remove(); });
        return c.textContent.replace(/\\s+/g, ' ').trim();
      }
      var labels = document.querySelectorAll('label[for]');
      for (var i = 0; i < labels.length; i++) {
        if (said(labels[i]) === words) { return document.getElementById(labels[i].getAttribute('for')); }
      }
      var legends = document.querySelectorAll('legend');
      for (var j = 0; j < legends.length; j++) {
        if (said(legends[j]) === words) { return legends[j].parentElement; }
      }
      return null;"""

    def label(self, words):
        """The control a label names (a group: its fieldset)."""
        for _ in range(50):
            try:
                el = self.d.execute_script(self.FIND_LABELLED, words)
            except StaleElementReferenceException:
                el = None
            if el is not None:
                return el
            time.sleep(0.1)
        raise AssertionError(f"no control labelled {words!r}\n{self.text()}")

    def fill(self, words, text):
        """Type `text` over what the field holds, as a person does (select all, type)."""
        for _ in range(20):
            try:
                el = self.label(words)
                el.click()
                break
            except StaleElementReferenceException:
                time.sleep(0.1)
        # the field has the focus: the page keeps it while answers come
        el.send_keys(Keys.CONTROL, "a")
        el.send_keys(Keys.DELETE)
        el.send_keys(text)
        return el

    def choose(self, group, option):
        """Tick the option `option` of the group (radio buttons, checkboxes) `group`."""
        for _ in range(20):
            try:
                fieldset = self.label(group)
                for label in fieldset.find_elements(By.TAG_NAME, "label"):
                    if label.text.strip() == option:
                        label.click()
                        return
                raise AssertionError(f"{group!r} has no option {option!r}")
            except StaleElementReferenceException:
                time.sleep(0.1)
        raise AssertionError(f"{group!r} kept changing")

    def press(self, words):
        for b in self.d.find_elements(By.TAG_NAME, "button"):
            if b.text.strip() == words:
                b.click()
                return
        raise AssertionError(f"no button {words!r}\n{self.text()}")

    def settle(self):
        """Every change sent and answered (the page's script marks the form busy meanwhile)."""
        if not self.javascript:
            return
        time.sleep(0.25)
        self.wait(lambda: self.d.execute_script(
            "var f = document.getElementById('form'); return !f || !f.hasAttribute('aria-busy');"), "the changes")

    def served(self, path):
        """What the server answers at `path` to this browser (its cookies), as text."""
        return self.d.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            "fetch(arguments[0], {credentials: 'same-origin'}).then(function (r) { return r.text(); })"
            ".then(done, function (e) { done('fetch failed: ' + e); });", path)

    def axe(self):
        """axe-core on the page as it stands: no violation (a browser without
        JavaScript runs no script: the pages are the ones checked with it)."""
        if not self.javascript:
            return
        with open(AXE) as f:
            self.d.execute_script(f.read())
        result = self.d.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            "axe.run(document, {resultTypes: ['violations']}).then(function (r) { done(r.violations); },"
            " function (e) { done([{id: 'axe failed', description: String(e), nodes: []}]); });")
        check(not result, "axe-core: " + "; ".join(
            f"{v['id']}: {v.get('description', '')} ({[n.get('target') for n in v.get('nodes', [])][:3]})"
            for v in result))


def fill_at_terminal(form, lines, *flags):
    """The same form filled through a pipe (the line mode): its JSON."""
    p = subprocess.run([FORMRUN, form, *flags], input="\n".join(lines) + "\n", capture_output=True, text=True,
                       timeout=30)
    check(p.returncode == 0, f"the terminal fill ended {p.returncode}: {p.stderr[-2000:]}")
    return json.loads(p.stdout)


def write(folder, name, text):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(text)
    return path


SIGNUP = """
form.title = "Sign up"
local s = form:section{ header = "Account", footer = "We never share it." }
s:text{ name = "email", title = "Email", validators = { "presence", "email" } }
s:number{ name = "age", title = "Age", min = 18, max = 120 }
s:bool{ name = "news", title = "Newsletter",
        on_change = function(item) form:find("often").hidden = not item.value end }
s:radio{ name = "often", title = "How often", options = { "Daily", "Weekly" }, hidden = true }
s:text{ name = "pw", title = "Password", secure = true }
"""


# --- the tests: each takes a fresh folder -------------------------------------

def test_a_fill_by_labels_gives_the_json_a_terminal_fill_gives(tmp):
    form = write(tmp, "signup.lua", SIGNUP)
    s = Server(form, "--once")
    b = Browser()
    try:
        b.open(s.url)
        # a label is the row's title, whole (a required row's star is the style's)
        for title in ("Email", "Age", "Newsletter", "Password"):
            b.d.find_element(By.XPATH, f"//label[normalize-space(.)='{title}']")
        b.fill("Email", "ada@example.org")
        b.fill("Age", "36")
        b.label("Newsletter").click()
        b.wait_text("How often")
        b.choose("How often", "Weekly")
        b.fill("Password", "correct horse")
        b.settle()
        b.axe()
        b.press("Submit")
        b.wait_text("Sent.")
        b.axe()
        rc, out = s.finished()
        check(rc == 0, f"exit {rc}: {s.stderr()}")
        web = json.loads(out)
        term = fill_at_terminal(form, ["email ada@example.org", "age 36", "news on", "often Weekly",
                                       "pw correct horse", "submit"])
        check(web == term, f"browser {web} != terminal {term}")
        check(web["pw"] == "correct horse" and web["often"] == "Weekly", out)
    finally:
        b.close()
        s.close()


def test_every_kind_has_its_control_and_fills_as_at_the_terminal(tmp):
    s = Server(os.path.join(EXAMPLES, "controls.lua"), "--once")
    b = Browser()
    try:
        b.open(s.url)
        b.fill("Name", "Jane")
        b.fill("Password", "s3cret")
        b.fill("Notes", "line one\nline two")
        b.fill("Phone", "5551234567")
        b.fill("Seats", "12")
        b.fill("Price", "9.5")
        # a slider: the arrow keys move it by its step
        b.label("Volume").send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
        b.label("Wi-Fi").click()
        b.d.execute_script("arguments[0].value = '1990-03-12'; arguments[0].dispatchEvent(new Event('change', "
                           "{bubbles: true}))", b.label("Birthday"))
        b.d.execute_script("arguments[0].value = '07:30'; arguments[0].dispatchEvent(new Event('change', "
                           "{bubbles: true}))", b.label("Alarm"))
        b.d.execute_script("arguments[0].value = '2026-11-30T14:05'; arguments[0].dispatchEvent(new Event("
                           "'change', {bubbles: true}))", b.label("Meeting"))
        b.choose("Plan", "Team")
        b.choose("Size", "L")
        b.choose("Toppings", "Cheese")
        b.choose("Toppings", "Olives")
        picker = b.label("Pizza")
        sizes, crusts = picker.find_elements(By.TAG_NAME, "select")
        Select(sizes).select_by_visible_text("S")
        Select(crusts).select_by_visible_text("Thin")
        b.fill("card number", "4242 4242 4242 4242")
        b.fill("expiry", "12/30")
        b.fill("security code", "123")
        b.fill("Rating", "5")
        b.settle()
        b.axe()
        # the page as the server draws it now: no secret in it
        html = b.served("/")
        for secret in ("s3cret", "4242424242424242"):
            check(secret not in html, f"a secret was sent back to the page: {secret!r} in\n"
                  + "\n".join(line for line in html.split("<") if secret in line))
        b.press("Submit")
        b.wait_text("Sent.")
        rc, out = s.finished()
        check(rc == 0, f"exit {rc}: {s.stderr()}")
        web = json.loads(out)
        term = fill_at_terminal(os.path.join(EXAMPLES, "controls.lua"), [
            "name Jane", "password s3cret", "notes", "line one", "line two", ".", "phone 5551234567", "seats 12",
            "price 9.5", "volume 0.7", "wifi off", "birthday 1990-03-12", "alarm 07:30", "meeting 2026-11-30T14:05",
            "plan Team", "size L", "toppings Cheese, Olives", "pizza S, Thin", "card 4242424242424242 12/30 123",
            "stars 5", "submit"])
        check(web == term, f"browser {web}\nterminal {term}")
    finally:
        b.close()
        s.close()


def test_messages_show_as_the_person_types_tied_to_their_field(tmp):
    s = Server(write(tmp, "signup.lua", SIGNUP))
    b = Browser()
    try:
        b.open(s.url)
        email = b.fill("Email", "ada@")
        b.wait_text("Email is not a valid email")
        check(email.get_attribute("aria-invalid") == "true", "the field is not marked invalid")
        described = email.get_attribute("aria-describedby") or ""
        error = b.d.find_element(By.CSS_SELECTOR, ".error p")
        check(error.find_element(By.XPATH, "..").get_attribute("id") in described.split(),
              f"the message is not tied to the field ({described})")
        # the person typed on, the field kept the focus and what was typed
        check(b.d.switch_to.active_element == email, "the focus left the field")
        email.send_keys("example.org")
        b.wait_gone("not a valid email")
        check(email.get_attribute("value") == "ada@example.org", email.get_attribute("value"))
        b.fill("Age", "12")
        b.wait_text("Age must be at least 18")
        b.axe()
    finally:
        b.close()
        s.close()


def test_a_handlers_row_appears_and_hides(tmp):
    s = Server(write(tmp, "signup.lua", SIGNUP))
    b = Browser()
    try:
        b.open(s.url)
        check("How often" not in b.text(), "the hidden row shows")
        b.fill("Email", "a@b.co")
        b.label("Newsletter").click()
        b.wait_text("How often")
        check(b.label("Email").get_attribute("value") == "a@b.co", "a value was lost when the row came")
        b.axe()
        b.label("Newsletter").click()
        b.wait_gone("How often")
    finally:
        b.close()
        s.close()


def test_a_refused_submit_lists_the_problems_and_takes_the_focus_to_the_first(tmp):
    s = Server(write(tmp, "signup.lua", SIGNUP))
    try:
        for javascript in (True, False):
            b = Browser(javascript=javascript)
            try:
                b.open(s.url)
                b.press("Submit")
                b.wait_text("1 field needs attention")
                b.wait_text("Email can't be blank")
                active = b.d.switch_to.active_element
                check(active.get_attribute("id") == b.label("Email").get_attribute("id"),
                      f"the focus is on {active.get_attribute('outerHTML')[:200]}")
                b.axe()
                link = b.d.find_element(By.CSS_SELECTOR, "#problems a")
                check(link.get_attribute("href").endswith("#" + active.get_attribute("id")),
                      link.get_attribute("href"))
            finally:
                b.close()
    finally:
        s.close()


def test_enter_in_a_field_submits_the_page_not_a_rows_button(tmp):
    s = Server(os.path.join(EXAMPLES, "todo.lua"), "--once")
    b = Browser()
    try:
        b.open(s.url)
        b.fill("List of", "Ada").send_keys(Keys.ENTER)
        b.wait_text("Sent.")
        rc, out = s.finished()
        check(rc == 0, f"exit {rc}")
        check(json.loads(out)["task1"] == "Buy milk", out)
    finally:
        b.close()
        s.close()


def test_a_paged_form_goes_by_next_and_back_to_the_summary(tmp):
    s = Server(os.path.join(FIXTURES, "paged-order.lua"), "--once")
    b = Browser()
    try:
        b.open(s.url)
        b.wait_text("Page 1 of 3: Account")
        check("Plan" not in b.text(), "another page shows")
        b.fill("Name", "Ada")
        b.press("Next")
        b.wait_text("Email can't be blank")
        b.wait_text("Page 1 of 3: Account")
        check(b.d.switch_to.active_element.get_attribute("id") == b.label("Email").get_attribute("id"),
              "the focus is not on the problem")
        b.axe()
        b.fill("Email", "ada@club.org")
        b.press("Next")
        b.wait_text("Page 2 of 3: Payment")
        b.press("Back")
        b.wait_text("Page 1 of 3: Account")
        check(b.label("Name").get_attribute("value") == "Ada", "Back lost a value")
        b.press("Next")
        b.wait_text("Page 2 of 3: Payment")
        b.choose("Plan", "Pro")
        b.settle()
        b.press("Next")
        b.wait_text("Page 3 of 3: Notes")
        b.press("Next: the summary")
        b.wait_text("Summary: check the values, then submit")
        check("ada@club.org" in b.text() and "Pro" in b.text(), b.text())
        b.axe()
        b.press("Submit")
        b.wait_text("Sent.")
        rc, out = s.finished()
        check(rc == 0, f"exit {rc}")
        check(json.loads(out) == {"email": "ada@club.org", "name": "Ada", "plan": "Pro", "note": None}, out)
    finally:
        b.close()
        s.close()


def test_two_visitors_at_once_are_collected_apart(tmp):
    collect = os.path.join(tmp, "answers.jsonl")
    s = Server(write(tmp, "signup.lua", SIGNUP), "--collect", collect)
    one, two = Browser(), Browser()
    try:
        one.open(s.url)
        two.open(s.url)
        one.fill("Email", "one@example.org")
        two.fill("Email", "two@example.org")
        one.fill("Age", "30")
        two.fill("Age", "40")
        one.settle()
        two.settle()
        two.press("Submit")
        two.wait_text("Sent.")
        check(one.label("Email").get_attribute("value") == "one@example.org", "the other visitor's value came")
        one.press("Submit")
        one.wait_text("Sent.")
        with open(collect) as f:
            lines = [json.loads(line) for line in f]
        check([line["values"]["email"] for line in lines] == ["two@example.org", "one@example.org"], str(lines))
        check([line["values"]["age"] for line in lines] == [40, 30], str(lines))
        check(len({line["id"] for line in lines}) == 2 and all(re.match(r"\d{4}-\d\d-\d\dT", line["time"])
                                                                for line in lines), str(lines))
        # the page named the submission
        check(lines[1]["id"] in one.text(), one.text())
        rc, _ = s.stop()
        check(rc == 0, f"SIGTERM: exit {rc}")
    finally:
        one.close()
        two.close()
        s.close()


def test_a_reload_keeps_what_was_typed(tmp):
    s = Server(write(tmp, "signup.lua", SIGNUP))
    b = Browser()
    try:
        b.open(s.url)
        b.fill("Email", "kept@example.org")
        b.label("Newsletter").click()
        b.wait_text("How often")
        b.choose("How often", "Daily")
        b.settle()
        b.d.refresh()
        b.wait_text("How often")
        check(b.label("Email").get_attribute("value") == "kept@example.org", "the reload lost the email")
        check(b.d.find_element(By.CSS_SELECTOR, "input[type=radio]:checked").get_attribute("value") == "1",
              "the reload lost the choice")
        b.axe()
    finally:
        b.close()
        s.close()


def test_no_token_no_page(tmp):
    s = Server(write(tmp, "signup.lua", SIGNUP))
    try:
        for url in (s.base, s.base + "?token=wrong", s.base + "formrun.js", s.base + "change"):
            try:
                urllib.request.urlopen(url, timeout=10)
                raise AssertionError(f"{url} answered without the token")
            except urllib.error.HTTPError as e:
                check(e.code == 403, f"{url}: {e.code}")
                check("Email" not in e.read().decode(), "the form showed without the token")
        # with the token the page comes at once, even to a client that keeps no cookie
        with urllib.request.urlopen(s.url, timeout=10) as r:
            check(r.status == 200 and "Email" in r.read().decode(), "the address with its token gave no form")
        b = Browser()
        try:
            b.open(s.base)
            check("needs its token" in b.text() and "Email" not in b.text(), b.text())
            b.open(s.url)
            b.wait_text("Email")
            check("token" not in b.d.current_url, "the token stays in the address")
        finally:
            b.close()
    finally:
        s.close()
    # beyond this machine a token is needed
    p = subprocess.run([FORMRUN, "serve", os.path.join(tmp, "signup.lua"), "--listen", "0.0.0.0:0", "--no-token"],
                       capture_output=True, text=True, timeout=20)
    check(p.returncode == 2 and "--no-token" in p.stderr, f"{p.returncode}: {p.stderr}")


def test_the_authors_html_is_shown_as_text(tmp):
    form = write(tmp, "html.lua", """
form.title = "<b>Bold</b> & <i>co</i>"
local s = form:section{ header = "<script>alert(1)</script>", footer = "<img src=x onerror=alert(2)>" }
s:text{ name = "t", title = "<em>Name</em>", placeholder = "\\"><b>x</b>",
        on_change = function(item) print("<u>printed</u> " .. tostring(item.value)) end }
s:radio{ name = "r", title = "Pick", options = { "<b>one</b>", "two" } }
""")
    s = Server(form)
    b = Browser()
    try:
        b.open(s.url)
        text = b.text()
        for shown in ("<b>Bold</b> & <i>co</i>", "<script>alert(1)</script>", "<img src=x onerror=alert(2)>",
                      "<em>Name</em>", "<b>one</b>"):
            check(shown in text, f"{shown!r} is not shown as text:\n{text}")
        check(not b.d.find_elements(By.CSS_SELECTOR, "main b, main i, main em, main img, main u, body script:not([src])"),
              "the author's markup became elements")
        b.fill("<em>Name</em>", "<i>typed</i>")
        b.wait_text("<u>printed</u> <i>typed</i>")
        check(not b.d.find_elements(By.CSS_SELECTOR, "main u, main i"), "a printed line became markup")
        b.d.refresh()
        check(b.label("<em>Name</em>").get_attribute("value") == "<i>typed</i>", "the typed text changed")
        b.axe()
    finally:
        b.close()
        s.close()


def test_without_javascript_each_button_posts_the_page(tmp):
    form = write(tmp, "signup.lua", SIGNUP)
    s = Server(form, "--once")
    b = Browser(javascript=False)
    try:
        b.open(s.url)
        b.fill("Email", "nojs@example.org")
        b.fill("Age", "50")
        b.label("Newsletter").click()
        b.press("Submit")
        # the submit is refused? no: the row it showed is optional; sent
        b.wait_text("Sent.")
        rc, out = s.finished()
        check(rc == 0, f"exit {rc}")
        check(json.loads(out) == fill_at_terminal(form, ["email nojs@example.org", "age 50", "news on", "submit"]),
              out)
    finally:
        b.close()
        s.close()


def test_a_handlers_error_shows_on_its_visitors_page_only(tmp):
    form = write(tmp, "boom.lua", """
form.title = "Boom"
local s = form:section{}
s:text{ name = "t", title = "Text", on_change = function(item)
  if item.value == "boom" then error("the handler broke on " .. item.value) end
end }
""")
    s = Server(form)
    one, two = Browser(), Browser()
    try:
        one.open(s.url)
        two.open(s.url)
        one.fill("Text", "boom")
        one.wait_text("the handler broke on boom")
        check("boom.lua:" in one.text(), "the error does not name the file and line:\n" + one.text())
        two.fill("Text", "fine")
        two.settle()
        check("broke" not in two.text(), "another visitor saw the error")
        one.fill("Text", "calm")
        one.settle()
        one.press("Submit")
        one.wait_text("Sent.")
        one.axe()
    finally:
        one.close()
        two.close()
        s.close()


def test_rows_are_deleted_inserted_and_moved_by_their_buttons(tmp):
    s = Server(os.path.join(EXAMPLES, "todo.lua"), "--once")
    b = Browser()
    try:
        b.open(s.url)
        rows = b.d.find_elements(By.CSS_SELECTOR, ".row.shape-text input")
        check([r.get_attribute("value") for r in rows[:2]] == ["Buy milk", "Call the plumber"], str(rows))
        b.press("Add a row to Tasks")
        b.wait(lambda: len(b.d.find_elements(By.CSS_SELECTOR, "button[name=delete]")) == 3, "a third task")
        b.axe()
        # Delete is refused while the task is not done: the handler's message shows
        b.d.find_element(By.CSS_SELECTOR, "button[aria-label='Delete: Task']").click()
        b.wait_text("is not done")
        b.d.find_elements(By.CSS_SELECTOR, "button[aria-label='Move down: Task']")[0].click()
        b.wait(lambda: [r.get_attribute("value") for r in b.d.find_elements(By.CSS_SELECTOR, ".row input[type=text]")][:2]
               == ["Call the plumber", "Buy milk"], "the rows moved")
        b.d.find_elements(By.CSS_SELECTOR, "button[aria-label='Done: Task']")[0].click()
        b.wait_text("1 done")
        b.d.find_elements(By.CSS_SELECTOR, "button[aria-label='Delete: Done']")[0].click()
        b.wait_gone("Call the plumber")
    finally:
        b.close()
        s.close()


def test_a_file_row_completes_paths_on_the_serving_machine(tmp):
    os.makedirs(os.path.join(tmp, "data"))
    for name in ("report.csv", "raw.csv", "notes.txt"):
        write(os.path.join(tmp, "data"), name, "x")
    form = write(tmp, "file.lua", 'form:section{}:file{ name = "f", title = "Data file", extensions = { "csv" } }')
    s = Server(form, "--once", cwd=tmp)
    b = Browser()
    try:
        b.open(s.url)
        b.fill("Data file", "data/r")
        b.wait(lambda: sorted(o.get_attribute("value") for o in b.d.find_elements(By.CSS_SELECTOR, "datalist option"))
               == ["data/raw.csv", "data/report.csv"], "the completions")
        b.fill("Data file", "data/notes.txt")
        b.wait_text("must end in .csv")
        b.fill("Data file", "data/report.csv")
        b.settle()
        b.press("Submit")
        b.wait_text("Sent.")
        rc, out = s.finished()
        check(json.loads(out) == {"f": "data/report.csv"}, out)
    finally:
        b.close()
        s.close()


def test_once_ends_with_the_fills_exit_codes(tmp):
    form = write(tmp, "signup.lua", SIGNUP)
    # cancelled in the page (values typed or not): 1, nothing on stdout
    s = Server(form, "--once")
    b = Browser()
    try:
        b.open(s.url)
        b.fill("Email", "typed@example.org")
        b.settle()
        b.press("Cancel")
        b.wait_text("nothing was sent")
        rc, out = s.finished()
        check(rc == 1 and out == "", f"cancel: exit {rc}, {out!r}")
    finally:
        b.close()
        s.close()
    # Ctrl-C before a submission: 130
    s = Server(form, "--once")
    try:
        rc, out = s.stop(signal.SIGINT)
        check(rc == 130 and out == "", f"Ctrl-C: exit {rc}")
    finally:
        s.close()
    # --field writes the one value, raw
    s = Server(form, "--once", "--field", "email")
    b = Browser()
    try:
        b.open(s.url)
        b.fill("Email", "field@example.org")
        b.press("Submit")
        b.wait_text("Sent.")
        rc, out = s.finished()
        check(rc == 0 and out == "field@example.org\n", f"--field: exit {rc}, {out!r}")
    finally:
        b.close()
        s.close()


def test_every_theme_and_row_style_keeps_the_page_readable(tmp):
    form = write(tmp, "styled.lua", """
form.title = "Styled"
form.theme = { base = "light", error = { color = "magenta", bold = true } }
local s = form:section{ header = "Rows", footer = "A footer" }
for _, c in ipairs{ "red", "green", "yellow", "blue", "magenta", "cyan", "white", "gray", "bright_white" } do
  s:text{ name = c, title = "In " .. c, style = { color = c, bold = true }, validators = { "presence" } }
end
s:text{ name = "dim", title = "Dim", style = { dim = true, italic = true, underline = true, align = "right" } }
s:radio{ name = "pick", title = "Pick", options = { "One", "Two" }, value = "Two" }
""")
    for theme in [None, "default", "high-contrast", "monochrome", "light"]:
        s = Server(form, *(["--theme", theme] if theme else []))
        b = Browser()
        try:
            b.open(s.url)
            css = b.served("/theme.css")
            # --theme wins over the form's own (a table over light: its error magenta)
            check(f"/* theme: {theme} */" in css if theme else "#7b1f70" in css, css)
            # every row's error shows: the error role is drawn too
            b.press("Submit")
            b.wait_text("fields need attention")
            b.axe()
        finally:
            b.close()
            s.close()


def test_sigterm_answers_the_requests_in_flight_then_exits_0(tmp):
    form = write(tmp, "slow.lua", """
form:section{}:text{ name = "t", title = "Text", on_change = function()
  local t = os.clock() while os.clock() - t < 1.5 do end
end }
""")
    s = Server(form, "--no-token")
    try:
        import http.client
        import threading
        c = http.client.HTTPConnection("127.0.0.1", int(re.search(r":(\d+)/", s.base).group(1)), timeout=30)
        c.request("GET", "/")
        r = c.getresponse()
        page = r.read().decode()
        cookie = r.getheader("Set-Cookie").split(";")[0]
        token = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
        row = re.search(r'id="row-(\d+)"', page).group(1)
        answer = {}

        def change():
            c.request("POST", "/change", f"csrf={token}&row={row}&r{row}=x",
                      {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
            resp = c.getresponse()
            answer["status"], answer["body"] = resp.status, resp.read()
        t = threading.Thread(target=change)
        t.start()
        time.sleep(0.5)
        started = time.time()
        rc, _ = s.stop(signal.SIGTERM)
        t.join(10)
        check(rc == 0, f"exit {rc}")
        check(answer.get("status") == 200 and answer["body"].startswith(b'{"version"'), f"the change got {answer}")
        check(time.time() - started < 8, "serve waited too long")
    finally:
        s.close()


# --- running them --------------------------------------------------------------

def main():
    if not os.access(FORMRUN, os.X_OK):
        print(f"no {FORMRUN}: build first (swift build)")
        return 2
    wanted = sys.argv[1:]
    passed = failed = 0
    for name, fn in list(globals().items()):
        if not name.startswith("test_") or not callable(fn):
            continue
        if wanted and not any(w in name for w in wanted):
            continue
        tmp = tempfile.mkdtemp(prefix="formrun-serve-")
        try:
            fn(tmp)
            print(f"ok   {name}")
            passed += 1
        except Exception:
            print(f"FAIL {name}")
            traceback.print_exc()
            failed += 1
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
