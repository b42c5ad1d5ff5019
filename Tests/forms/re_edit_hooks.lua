-- RETableViewManager's onBeginEditing / onEndEditing: on_begin_edit and
-- on_end_edit (Tests/forms/re_edit_hooks_test.lua).
local log = {}
local people = form:section{ header = "People", tag = "people", data = log }
local function hooks(props)
  props.on_begin_edit = function(item) log[#log + 1] = "begin " .. item.name end
  props.on_end_edit = function(item, changed) log[#log + 1] = ("end %s %s"):format(item.name, tostring(changed)) end
  return props
end
people:text(hooks{ name = "nm", title = "Name" })
people:number(hooks{ name = "age", title = "Age", validators = { "range(0, 150)" } })
people:text{ name = "plain", title = "Plain" }
