-- A form that probes the disk through a file row's must_exist, at load and
-- from a handler (Tests/forms/huh_file_picker_test.lua): under the sandbox
-- its own assignments are taken unchecked, so it learns nothing.
local s = form:section("Probe")
local f = s:file{ name = "f", title = "F", must_exist = true, base = "Tests/forms/files" }
local d = s:file{ name = "d", title = "D", dirs_only = true, base = "Tests/forms/files" }
local found = s:text{ name = "found", title = "Found" }
local function probe(path)
  local ok = pcall(function() f:set{ value = path } end)
  local folder = pcall(function() d.value = path end)
  return path .. "=" .. tostring(ok) .. "," .. tostring(folder) .. "," .. #f.errors .. #d.errors
end
found.value = probe("a.csv") .. " " .. probe("nope.csv") .. " " .. probe("reports")
s:text{ name = "ask", title = "Ask", on_change = function(item) found.value = probe(item.value) end }
