/// The process exit codes, from BSD's sysexits.h as swift-argument-parser uses them.
enum ExitCode: Int32 {
    case success = 0
    /// A failure not covered below (an ICU error, an I/O error while writing).
    case failure = 1
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// The input was not usable text: empty, binary, invalid UTF-8 (EX_DATAERR).
    case dataError = 65
    /// The input file does not exist or cannot be opened (EX_NOINPUT).
    case noInput = 66
    /// Stopped by SIGINT after printing where to resume (128 + SIGINT, as shells report it).
    case interrupted = 130
}
