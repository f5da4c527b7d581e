import Foundation

extension CALayer {
    /// Redraws the presentation for the frame when an animated key of the layer's own (see
    /// CustomPropertyKey.swift) is one its class's `needsDisplay(forKey:)` names: as Core
    /// Animation redraws the presentation layer of such a class at every frame of the animation
    /// ("needsDisplay(forKey:)": "Returns a Boolean indicating whether changes to the specified
    /// key require the layer to be redisplayed"), `draw(in:)` runs with `value(forKey:)` reporting
    /// the animated values, in the presentation bounds, and its image is this frame's contents.
    ///
    /// The drawing runs on a presentation copy made with the class's `init(layer:)`, as Apple's
    /// does, when carender can make one of the layer's own class (carender's classes, and those
    /// of a script, see `_makePresentationCopy`). For another subclass, `draw(in:)` runs on the
    /// model layer with the animated values in place of its own for the duration of the call.
    func redrawForAnimatedCustomKeys(_ values: [String: AnimatableValue], into state: inout LayerState) {
        guard !values.isEmpty else { return }
        let layerClass = type(of: self)
        guard values.keys.contains(where: { layerClass.needsDisplay(forKey: $0) }) else { return }
        var drawing = customValues
        for (key, value) in values { drawing[key] = kvcBoxed(value.anyValue) }
        let copy = makePresentationCopy()
        if type(of: copy) == layerClass {
            copy.modelState = state
            copy.customValues = drawing
            if let image = copy.drawnContentsImage(bounds: state.bounds, scale: state.contentsScale) {
                state.contents = image
                state.contentsCrossfade = nil
            }
            return
        }
        let saved = presentationDrawingValues
        presentationDrawingValues = drawing
        defer { presentationDrawingValues = saved }
        if let image = drawnContentsImage(bounds: state.bounds, scale: state.contentsScale) {
            state.contents = image
            state.contentsCrossfade = nil
        }
    }
}
