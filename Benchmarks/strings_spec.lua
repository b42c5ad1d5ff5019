-- Benchmarks/strings.lua's work in a spec (Scripts/bench: formrun test).
it("does the string work", function() dofile("Benchmarks/strings.lua") end)
