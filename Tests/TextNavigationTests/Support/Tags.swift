import Testing

/// Tags for choosing tests to run (`swift test --filter` by tag, or Xcode's test navigator):
/// tests that start child processes, and tests whose outcome depends on time (sleeps,
/// deadlines, signals sent after a delay) and so can be slow or flaky on a loaded machine.
extension Tag {
    @Tag static var process: Self
    @Tag static var timing: Self
}
