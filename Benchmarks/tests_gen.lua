-- A thousand headless form tests (Scripts/bench writes this file's output
-- to a temporary folder as a *_test.lua and runs formrun test on it).
local n = tonumber(arg and arg[1] or "1000")
print('describe("many", function()')
for i = 1, n do
  print(string.format([[  it("test %d", function()
    local s = formrun.open("Benchmarks/ten.lua")
    s:send("f1 hello %d")
    assert.equals("hello %d", s:value("f1"))
    assert.is_false(s:submit())
  end)]], i, i, i))
end
print("end)")
