import TextNavigation

extension InteractiveReader {
    // MARK: Chapters and timers

    /// When read-all from the cursor stops or pauses by itself, as the keys set it.
    var readingStops: ReadingStops {
        ReadingStops(
            endElement: stopsAtChapterEnd ? settings.chapters.endOfChapter(holding: cursor.position.element) : nil,
            sleepAfter: sleepMinutes.map { .seconds($0 * 60) },
            pausesAfterEachUtterance: pausesAfterEachUnit)
    }

    /// Moves to the start of the next (previous) chapter and says its title.
    func moveToChapter(forward: Bool) {
        let chapters = settings.chapters
        let element = cursor.position.element
        let target: ChapterList.Chapter?
        if forward {
            target = chapters.chapters.first { $0.element > element }
        } else {
            // The previous chapter's start, or this one's when the cursor is inside it.
            let current = chapters.index(containing: element)
            let starts = current.map { chapters.chapters[$0].element == element && cursor.position.offset == 0 }
            let index = current.map { starts == true ? $0 - 1 : $0 }
            target = index.flatMap { $0 >= 0 ? chapters.chapters[$0] : nil }
        }
        guard let target else {
            announce(
                chapters.chapters.isEmpty
                    ? "This book has no chapters" : forward ? "No next chapter" : "No previous chapter")
            return
        }
        let before = cursor.position
        let page = cursor.pageIndex
        cursor.move(to: ReadingPosition(element: target.element, offset: 0))
        announceArrival(from: before, page: page)
        let number = (chapters.index(containing: target.element) ?? 0) + 1
        announce("Chapter \(number) of \(chapters.chapters.count): \(target.title)")
    }

    /// Turns the sleep timer to its next setting: off, 15, 30, 60 minutes.
    func cycleSleepTimer() {
        let settings: [Int?] = [nil, 15, 30, 60]
        let index = settings.firstIndex { $0 == sleepMinutes } ?? 0
        sleepMinutes = settings[(index + 1) % settings.count]
        player?.stops = readingStops
        announce(sleepMinutes.map { "Sleep timer: \($0) min" } ?? "Sleep timer off")
    }

    /// Turns stopping at the end of the chapter on or off.
    func toggleChapterEndStop() {
        stopsAtChapterEnd.toggle()
        player?.stops = readingStops
        announce(stopsAtChapterEnd ? "Stop at chapter end: on" : "Stop at chapter end: off")
    }

    /// Turns pausing after each unit on or off.
    func togglePauseEachUnit() {
        pausesAfterEachUnit.toggle()
        player?.stops = readingStops
        announce(pausesAfterEachUnit ? "Pause after each: on" : "Pause after each: off")
    }
}
