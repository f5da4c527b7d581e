/// How Swift names a method for the Objective-C runtime: the selector string `#selector` stands for.
package enum ObjCNames {
    /// The selector of `base(labels…)`: `tap` for `tap()`, `tap:` for `tap(_:)`,
    /// `tickWithLink:` for `tick(link:)`, `moveTo:` for `move(to:)` (a leading preposition takes no
    /// "With"), `animationDidStop:finished:context:` for `animationDidStop(_:finished:context:)`.
    package static func selector(base: String, labels: [String]) -> String {
        guard let first = labels.first else { return base }
        var name = base
        if first != "_" {
            name += startsWithPreposition(first) ? capitalized(first) : "With" + capitalized(first)
        }
        name += ":"
        for label in labels.dropFirst() { name += (label == "_" ? "" : label) + ":" }
        return name
    }

    /// The setter selector of a property: `setAngle:` for `angle`.
    package static func setter(for property: String) -> String { "set" + capitalized(property) + ":" }

    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// Whether the label's first word (up to its first capital) is one of the prepositions Swift
    /// leaves without "With" when it forms the first selector piece.
    private static func startsWithPreposition(_ label: String) -> Bool {
        let firstWord = String(label.prefix { !$0.isUppercase })
        return prepositions.contains(firstWord)
    }

    private static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from",
        "given", "in", "including", "inside", "into", "matching", "of", "on", "passing", "preceding", "since", "to",
        "until", "using", "via", "when", "with", "within",
    ]
}
