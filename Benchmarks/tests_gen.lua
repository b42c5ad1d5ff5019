-- A thousand headless form tests, each: open a form, 5 sends, submit
-- (Scripts/bench writes this file's output to a temporary folder as a
-- *_spec.lua and runs formrun test on it, busted and all).
local n = tonumber(arg and arg[1] or "1000")
print('describe("many", function()')
for i = 1, n do
  print(string.format([[  it("test %d", function()
    local s = formrun.open("Benchmarks/ten.lua")
    for f = 1, 5 do s:send("f" .. f .. " hello %d") end
    assert.equals("hello %d", s:value("f5"))
    assert.is_false(s:submit())
  end)]], i, i, i))
end
print("end)")
