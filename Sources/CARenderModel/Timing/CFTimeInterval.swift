/// A duration or point in time, in seconds (Core Foundation's name).
public typealias CFTimeInterval = Double
