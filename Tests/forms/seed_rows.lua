-- A form for seed_test.lua: the row capabilities of the seed libraries
-- (data, form-wide hooks, the selection veto, rows without a section, row
-- actions, delete, move, insert, the detail button).
form.title = "Seed rows"

local tasks = form:section{
  header = "Tasks", tag = "tasks", data = { owner = "ann", ids = { 1, 2 } },
  on_insert = function(section, index)
    if #section.items >= 6 then return "six tasks are enough" end
    section:insert(index, "text", { title = "New task", deletable = true, movable = true })
  end,
}
tasks:text{
  name = "first", title = "First", data = { id = 7 }, deletable = true, movable = true,
  actions = {
    { title = "Archive", run = function(item) print("archive " .. item.name) end },
    { title = "Snooze", run = function(item) item.detail = "snoozed" end },
  },
}
tasks:text{
  name = "second", title = "Second", deletable = true, movable = true,
  on_delete = function(item) print("asked"); return item.value ~= "keep" or "Second is kept." end,
  on_move = function(item, from, to) print(("move %d %d"):format(from, to)); return to ~= 1 end,
}
tasks:text{ name = "fixed", title = "Fixed" }
tasks:item{
  name = "go", title = "Go",
  on_will_select = function(item) return form:find("first").value == "ready" or "First is not ready." end,
  on_select = function(item) print("go") end,
}

local other = form:section{ header = "Other" }
other:bool{ name = "quiet", title = "Quiet", on_will_select = function() return false end }
other:text{ name = "later", title = "Later", movable = true }

form:on_change(function(item, old) print(("form %s %s"):format(item.name, tostring(old))) end)
form.on_select = function(item) print("form select " .. item.title) end

-- rows made without a section go to the last one: this one, with no header
form:section{}
form:text{ name = "loose", title = "Loose", on_change = function(item) print("own loose") end }
form:item{
  name = "help", title = "Help", accessory = "detail",
  on_accessory = function(item) print("detail " .. item.title) end,
}
