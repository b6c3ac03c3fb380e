extension Document {
    /// The index of `element` in the document, by identity (`===`), or `nil` when the document
    /// does not hold it (for an element given twice, its first index).
    ///
    /// What an element's ``NavigableElement/nextTextNavigationElement`` leads to becomes a
    /// ``ReadingPosition`` this way.
    ///
    /// - Complexity: O(1): for a document made with elements, a dictionary look-up (the
    ///   dictionary is built when the document is made); for a book's, the element knows its
    ///   index, and no element is made.
    public func index(of element: any NavigableElement) -> Int? {
        elements.index(of: element)
    }

    /// The index of the element reading goes to from element `index` in `direction`: the one
    /// its next (previous) text-navigation element is, or `nil` when that link is `nil` or
    /// leads outside the document. A book's document reads its paragraphs in order
    /// (``Elements``): the index after (before), no element made.
    ///
    /// - Complexity: O(1).
    package func readingNeighbour(of index: Int, _ direction: TextStorageDirection) -> Int? {
        let step = direction == .forward ? 1 : -1
        let sequential = index + step >= 0 && index + step < elements.count ? index + step : nil
        if elements.readsInElementOrder { return sequential }
        guard index >= 0, index < elements.count else { return nil }
        let element = elements[index]
        guard
            let linked = direction == .forward
                ? element.nextTextNavigationElement : element.previousTextNavigationElement
        else { return nil }
        // Most links are the sequential ones: no look-up for them.
        if let sequential, elements[sequential] === linked { return sequential }
        return self.index(of: linked)
    }

    /// Whether `position` comes before `other` in reading order: within one element by offset;
    /// across elements, when the next links lead from `position`'s element to `other`'s and not
    /// back, or, when they lead both ways (a cycle) or neither, by element index.
    ///
    /// - Complexity: O(1) for a book's document; otherwise O(n) in the elements the links lead
    ///   through.
    func readingOrderPrecedes(_ position: ReadingPosition, _ other: ReadingPosition) -> Bool {
        guard position.element != other.element, !elements.readsInElementOrder else { return position < other }
        var ahead = ReadingOrderWalk(document: self, from: position.element, .forward)
        var behind = ReadingOrderWalk(document: self, from: other.element, .forward)
        let isAhead = ahead.reaches(other.element)
        return isAhead != behind.reaches(position.element) ? isAhead : position < other
    }

    /// The elements from `first` through `last` in reading order (the links' path from one to
    /// the other), or `nil` when the links do not lead from `first` to `last`.
    func elementsInReadingOrder(from first: Int, through last: Int) -> [Int]? {
        if elements.readsInElementOrder { return first <= last ? Array(first...last) : nil }
        var walk = ReadingOrderWalk(document: self, from: first, .forward)
        var path = [first]
        while path.last != last {
            guard let next = walk.step() else { return nil }
            path.append(next)
        }
        return path
    }

    /// Links `elements` where no link is set: an element whose next (previous) element is `nil`
    /// gets the one after (before) it; a link the backend set stays. An element without
    /// ``NavigableElement/links`` (one that finds its neighbours its own way) is left as it is.
    static func linkWhereUnset(_ elements: [any NavigableElement]) {
        for (index, element) in elements.enumerated() {
            let next = element.nextTextNavigationElement
            let previous = element.previousTextNavigationElement
            guard next == nil || previous == nil, let links = element.links else { continue }
            links.set(
                next: next ?? (index + 1 < elements.count ? elements[index + 1] : nil),
                previous: previous ?? (index > 0 ? elements[index - 1] : nil))
        }
    }
}
