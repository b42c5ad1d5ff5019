-- A handler's error says where in the form it failed, and its traceback
-- stops where the form's code began: no frame of the spec that sent the
-- line, of busted or of formrun's own chunks (as when the form is filled).
describe("a handler's traceback", function()
  it("shows the form's frames only", function()
    local s = formrun.open("tracebacks/failing.lua")
    local out = s:send("t boom")
    assert.matches("error in on_change of 'T': ", out, 1, true)
    assert.matches("tracebacks/failing.lua:3: no boom here", out, 1, true)
    local trace = out:match("stack traceback:\n(.-)\n[^\t]") or out:match("stack traceback:\n(.*)")
    assert.is_not_nil(trace)
    assert.matches("tracebacks/failing.lua:3: in upvalue 'check'", trace, 1, true)
    assert.matches("tracebacks/failing.lua:7: in function <[^>]*tracebacks/failing.lua:7>", trace)
    assert.is_nil(trace:find("tracebacks_test.lua", 1, true))
    assert.is_nil(trace:find("formrun test", 1, true))
    assert.is_nil(trace:find("busted", 1, true))
    assert.is_nil(trace:find("in method 'send'", 1, true))
  end)
end)

-- `s:send(line)` as a statement takes no answer, so none is drawn; the line
-- is still read and its handlers run, and what they printed goes with the
-- answer, as it did when the answer was made.
describe("send as a statement", function()
  it("reads the line without making the answer", function()
    local s = formrun.open("tracebacks/failing.lua")
    s:send("t fine")
    assert.equals("fine", s:value("t"))
    s:send("t boom")
    assert.equals("boom", s:value("t"))
    assert.equals("", s.output)
    local answer = s:send("t again")
    assert.matches("again", answer, 1, true)
    assert.equals("string", type(s:send("t more")))
    assert.equals(1, select("#", s:send("t once more")))
  end)
end)
