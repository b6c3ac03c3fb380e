import Foundation

/// Runs the chapters' worker processes, at most `jobs` at a time, in order of their numbers
/// (which does not change a chapter's audio: each is its own process); tells `onFinished` as
/// each one ends. Ctrl-C (or SIGTERM, SIGHUP) stops the workers and throws the stop.
struct WorkerPool {
    let executable: URL
    /// The arguments every worker gets before its own `--worker N:FIRST:END`.
    let arguments: [String]
    let jobs: Int

    /// Runs `pending`; throws the first failure (the worker's exit code, its own message
    /// already on standard error), after stopping the others.
    func run(
        _ pending: [ChapterWorker.Job], onFinished: (ChapterWorker.Job) -> Void
    ) throws(ExportFailure) {
        var queue = pending[...]
        var running: [(job: ChapterWorker.Job, process: Process)] = []
        defer {
            for worker in running where worker.process.isRunning { worker.process.terminate() }
            for worker in running { worker.process.waitUntilExit() }
        }
        while !queue.isEmpty || !running.isEmpty {
            while running.count < jobs, let job = queue.popFirst() {
                running.append((job, try start(job)))
            }
            if InterruptRequest.isRequested {
                throw ExportFailure(InterruptRequest.exitCode, "")
            }
            guard let index = running.firstIndex(where: { !$0.process.isRunning }) else {
                usleep(20_000)
                continue
            }
            let (job, process) = running.remove(at: index)
            guard process.terminationStatus == 0, process.terminationReason == .exit else {
                if InterruptRequest.isRequested { throw ExportFailure(InterruptRequest.exitCode, "") }
                let code = ExitCode(rawValue: process.terminationStatus) ?? .software
                throw ExportFailure(code, code == .software ? "chapter \(job.number) failed" : "")
            }
            onFinished(job)
        }
    }

    private func start(_ job: ChapterWorker.Job) throws(ExportFailure) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments + ["--worker", job.argument]
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ExportFailure(.software, "cannot start a worker: \(error.localizedDescription)")
        }
        return process
    }
}
