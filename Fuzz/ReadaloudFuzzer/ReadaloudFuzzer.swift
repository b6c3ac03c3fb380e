/// libFuzzer's entry point: each input is a program for ``FuzzDriver`` (see ``FuzzInput`` for
/// its layout). Built by `scripts/fuzz.sh` with `-sanitize=fuzzer,address`; not a package target.
@_cdecl("LLVMFuzzerTestOneInput")
public func readaloudFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzDriver.run(bytes)
    return 0
}
