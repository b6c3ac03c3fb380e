/// What tells two font models apart: a `Hashable` model by its value, an instance of a class by
/// its identity, and any other model by its type alone.
///
/// Two layouts whose font models have the same identity share their measuring work; a page
/// layout's equality compares it.
struct FontMetricsIdentity: Hashable {
    private let key: AnyHashable

    /// The identity of `metrics`.
    init(_ metrics: any FontMetrics) {
        if let hashable = metrics as? any Hashable {
            key = AnyHashable(hashable)
        } else if type(of: metrics) is AnyClass {
            key = AnyHashable(ObjectIdentifier(metrics as AnyObject))
        } else {
            key = AnyHashable(ObjectIdentifier(type(of: metrics)))
        }
    }
}
