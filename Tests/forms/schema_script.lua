-- A Lua form that starts from a schema and adds what a schema cannot hold.
form:from_schema("../../Examples/deploy.schema.json")
form:find("replicas").on_change = function(item, old) print("replicas " .. tostring(old) .. " -> " .. item.value) end
form:section{ header = "Notes" }:text{ name = "note", title = "Note" }
