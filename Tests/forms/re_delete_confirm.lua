-- RETableViewManager's deletionHandlerWithCompletion: a handler asks the
-- person before it goes on (formrun.confirm; Tests/forms/re_delete_confirm_test.lua).
local s = form:section{ header = "Tasks", tag = "tasks" }
for _, t in ipairs({ "Buy milk", "Call the plumber" }) do
  s:item{ title = t, deletable = true,
    on_delete = function(item) if not formrun.confirm("Delete '" .. item.title .. "'?") then return "Kept." end end }
end
