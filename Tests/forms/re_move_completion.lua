-- RETableViewManager's moveCompletionHandler: on_moved runs after the user's
-- move, then the form's on_moved (Tests/forms/re_move_completion_test.lua).
local log = {}
local chores = form:section{ header = "Chores", tag = "chores", data = log }
for _, t in ipairs({ "Water plants", "Sweep", "Cook" }) do
  chores:text{ title = t, movable = true,
    on_move = function(item, from, to) return to ~= 1 or "Not first." end,
    on_moved = function(item, from, to) log[#log + 1] = ("row %s %d>%d"):format(item.title, from, to) end }
end
local later = form:section{ header = "Later", tag = "later" }
later:text{ title = "Taxes" }
form.on_moved = function(item, from, to)
  log[#log + 1] = ("form %s %d>%d in %s"):format(item.title, from, to, item.section.header)
end
