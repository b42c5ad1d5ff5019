// modules: FormCore FormRender FormSession FormLua CLua
// sources: Tests/FormLuaTests/APIPrograms.swift
// Random programs over the whole Lua API of a form (create, write, read,
// remove, remake, select, move, reload, clear, with handlers doing the same),
// made from libFuzzer's bytes by the generator the seeded test uses
// (Tests/FormLuaTests/APIPrograms.swift); then the form is filled through a
// session and completed on in the REPL. Nothing may end the process, every
// error names its line, and the form's counts stay right.
import FormCore
import FormLua

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let (program, problems) = runAPIProgram(ByteChoices(bytes: bytes[...]), statements: 40)
  if !problems.isEmpty { fatalError("fuzz check failed: \(problems)\nprogram:\n\(program)") }
  return 0
}
