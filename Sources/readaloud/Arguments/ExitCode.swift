/// The process exit codes, from BSD's sysexits.h as swift-argument-parser uses them, and
/// 128 + the signal for a stop by a signal. docs/cli.md lists every one.
enum ExitCode: Int32 {
    case success = 0
    /// `search` found nothing (grep's convention).
    case noMatch = 1
    /// The command line was wrong, or names something that does not exist (EX_USAGE).
    case usage = 64
    /// The input was not usable: empty, binary, invalid UTF-8, changed while read, a locator
    /// that is malformed or does not fit (EX_DATAERR).
    case dataError = 65
    /// The input file, or a saved selection, does not exist or cannot be opened (EX_NOINPUT).
    case noInput = 66
    /// A service the command needs is missing: espeak-ng, speech-dispatcher, a sound device
    /// (EX_UNAVAILABLE).
    case unavailable = 69
    /// readaloud itself failed: a condition that should not happen (EX_SOFTWARE).
    case software = 70
    /// A file cannot be created or used as output: the store's directory or file, a report
    /// (EX_CANTCREAT).
    case cannotCreate = 73
    /// Reading or writing failed: standard output, the store's disk (EX_IOERR).
    case ioError = 74
    /// Try again later: another process held the store locked (EX_TEMPFAIL).
    case temporaryFailure = 75
    /// No place for the store: neither XDG_DATA_HOME nor HOME is set (EX_CONFIG).
    case configuration = 78
    /// Stopped by SIGHUP after printing where to resume (128 + 1).
    case hangUp = 129
    /// Stopped by SIGINT after printing where to resume (128 + SIGINT, as shells report it).
    case interrupted = 130
    /// Stopped by SIGTERM after printing where to resume (128 + 15).
    case terminated = 143
}
