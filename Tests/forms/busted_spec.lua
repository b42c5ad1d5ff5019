-- busted's own vocabulary on a form: setup and teardown, pending, finally,
-- insulate, a spy on what a handler calls, a stub, negations, error_matches
-- and a negated snapshot. Its failing twin is Tests/CLITests/fixtures.
describe("newsletter", function()
  local mailer = {}
  function mailer.subscription(email, on) return true end

  setup(function() package.loaded["newsletter.mailer"] = mailer end)
  teardown(function() package.loaded["newsletter.mailer"] = nil end)

  local s
  before_each(function() s = formrun.open("newsletter.lua", { width = 50 }) end)

  it("tells the mailer when the switch changes", function()
    local subscription = spy.on(mailer, "subscription")
    s:send("email a@b.co")
    s:send("subscribed")
    assert.spy(subscription).was.called(1)
    assert.spy(subscription).was.called_with("a@b.co", true)
    assert.spy(subscription).was_not.called_with("a@b.co", false)
    mailer.subscription:revert()
  end)

  it("keeps the switch when a stubbed mailer refuses, and says so", function()
    stub(mailer, "subscription").returns(false)
    local out = s:send("subscribed")
    assert.stub(mailer.subscription).was.called_with(nil, true)
    assert.is_true(s:value("subscribed"))
    assert.matches("the mailer refused", out)
    mailer.subscription:revert()
  end)

  it("negates assertions", function()
    assert.is_not.equal("x", s:value("email"))
    assert.has_no.errors(function() s:send("email x") end)
    assert.are_not.same({}, s:errors())
    assert.is_not_true(s:submit())
  end)

  it("reads errors with error_matches", function()
    assert.error_matches(function() s:value("emial") end, "no item named 'emial' %(did you mean 'email'%?%)")
    assert.error_matches(function() formrun.open("no-such-form.lua") end, "cannot find 'no%-such%-form%.lua'")
  end)

  it("draws the empty form as its snapshot", function()
    assert.snapshot(s:screen(), "newsletter")
  end)

  it("no longer draws it once filled", function()
    s:send("email a@b.co")
    assert.is_not.snapshot(s:screen(), "newsletter")
  end)

  local finished = false
  it("runs finally after the test", function()
    finally(function() finished = true end)
    assert.is_false(finished)
  end)
  it("saw finally run (tests run in order unless shuffled)", function()
    assert.is_true(finished)
  end)

  insulate("a global set in an insulated block", function()
    it("is set here", function()
      newsletter_marker = true
      assert.is_true(newsletter_marker)
    end)
  end)
  it("does not leak out of it", function() assert.is_nil(newsletter_marker) end)

  pending("a double opt-in mail")
end)
