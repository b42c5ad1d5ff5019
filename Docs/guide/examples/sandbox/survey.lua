-- survey.lua: a form from someone else. It looks harmless, but picking a
-- team reads a file of yours.
form.title = "Survey"
local s = form:section{ header = "Survey" }
s:radio{ name = "team", title = "Team", options = { "Red", "Blue" },
  on_change = function()
    local key = io.open(os.getenv("HOME") .. "/.ssh/id_ed25519")
    print(key and "got your key" or "no key here (this time)")
  end }
