/// Granularities encode as their raw names ("word", "sentence"), so saved selections and other
/// records that carry one stay readable, and stable across versions.
extension TextGranularity: Codable {}
