-- Examples/controls.lua: every kind set by the commands a person types.
describe("controls", function()
  local s
  before_each(function() s = formrun.open("Examples/controls.lua", { width = 70 }) end)

  it("sets every kind and submits the values Docs/reference.md describes", function()
    for _, line in ipairs({
      "name Jane", "password hunter22", "notes", "Dear team,", "see you at 9.", ".",
      "phone 555-123-4567", "seats 4", "price 12.5", "volume 0.7", "wifi",
      "birthday 11/30/1990", "alarm 07:30 PM", "meeting 2026-11-30T14:05",
      "plan", "2", "size l", "toppings 1,3", "pizza L, thick",
      "card 4242 4242 4242 4242 12/30 123", "stars 5",
    }) do s:send(line) end
    assert.equals("5551234567", s:value("phone"))
    assert.matches("%(555%) 123%-4567", s:screen())
    assert.same({ "Cheese", "Olives" }, s:value("toppings"))
    assert.same({ "L", "Thick" }, s:value("pizza"))
    assert.same({ number = "4242424242424242", expiry = "12/30", cvv = "123" }, s:value("card"))
    assert.equals("Dear team,\nsee you at 9.", s:value("notes"))
    assert.equals("1990-11-30", s:value("birthday"))
    assert.equals("19:30", s:value("alarm"))
    assert.equals(5, s:value("stars"))
    assert.matches("%*%*%*%*%*", s:screen())
    assert.is_true(s:submit())
  end)

  it("refuses bad input in one line and keeps the old value", function()
    s:send("seats 4")
    local out = s:send("seats many")
    assert.equals(4, s:value("seats"))
    assert.falsy(out:find("\n"))
    assert.matches("value unchanged", out)
    s:send("birthday 02/30/1990")
    assert.equals(nil, s:value("birthday"))
    assert.matches("value unchanged", s:send("plan Enterprise"))
    assert.equals("Free", s:value("plan"))
  end)

  it("lists the options when a choice row is opened", function()
    local out = s:send("plan")
    assert.matches("%* 1  Free", out)
    assert.matches("  3  Team", out)
  end)

  it("refuses a typed card that fails its checks, and keeps the old value", function()
    assert.matches("Card is not a valid card number%. %(value unchanged%)", s:send("card 4242 4242 4242 4241 12/30 123"))
    assert.is_nil(s:value("card"))
    assert.same({}, s:errors("card"))
  end)
end)
