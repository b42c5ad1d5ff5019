-- The page formrun serve draws for a form, checked from a spec.
describe("the page a browser gets (web = true)", function()
  local s
  before_each(function() s = formrun.open("web_page.lua", { web = true }) end)

  it("labels every control and shows the author's text as text", function()
    local page = s:page()
    assert.matches('<label for="r%d+"[^>]*>Email</label>', page)
    assert.matches("<legend>Plan", page)
    assert.matches("Sign &lt;b&gt;up&lt;/b&gt;", page)
    assert.matches("&lt;i&gt;Pro&lt;/i&gt;", page)
    assert.is_nil(page:find("<b>", 1, true))
  end)

  it("ties an error to its field", function()
    s:send("email nope")
    local page = s:page()
    assert.matches('aria%-describedby="(r%d+)%-error" aria%-invalid="true"', page)
    assert.matches("Email is not a valid email", page)
  end)

  it("never sends a secret back", function()
    s:send("pw hunter2")
    assert.is_nil(s:page():find("hunter2", 1, true))
    assert.equals("hunter2", s:value("pw"))
  end)

  it("lists the problems after a refused submit", function()
    assert.is_false((s:submit()))
    assert.matches("1 field needs attention", s:page())
  end)

  it("needs web = true", function()
    local plain = formrun.open("web_page.lua")
    assert.has_error(function() plain:page() end,
      "page needs the browser's page: formrun.open(path, { web = true })")
  end)
end)
