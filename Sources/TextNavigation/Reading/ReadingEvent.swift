/// What read-all produces, in order.
public enum ReadingEvent: Sendable, Hashable {
    /// Speak this text.
    case utterance(Utterance)
    /// The element just read is a heading: VoiceOver says "Heading" after its text.
    case heading(element: Int, text: String)
    /// High-importance custom content of the element just read ("Author: Lewis Carroll"),
    /// spoken with it; default-importance content is left for the reader to ask for.
    case customContent(element: Int, content: CustomContent)
    /// The page scrolled forward from page `from` to page `to` (numbers from 1); speak the
    /// announcement ("Page 2 of 40").
    case pageTurn(from: Int, to: Int, announcement: String)
    /// Reading is about to pass the start of a printed page (an EPUB's page-break marker, in
    /// element `element`): speak "Page `label`". Made by ``ReadAloudPlayer`` before the first
    /// utterance that reaches past the marker; a ``ReadingSession`` does not make it.
    case printPage(element: Int, label: String)
    /// Reading is over: the end of the document, or a page end whose last element does not
    /// cause a page turn.
    case end
}
