import WindowLayout

/// Which parts of the window to send to the display for a frame: those where it can differ from the last frame
/// sent. Nil means all of it (the first frame, another size or background, or the display lost what it showed).
struct SurfaceUpdates {
    private var sent: Scene?
    /// More rectangles than this go as their bounding box: each is one request to the display.
    static let maxRects = 16

    mutating func forget() { sent = nil }

    mutating func parts(for scene: Scene) -> [Box]? {
        defer { sent = scene }
        guard let sent else { return nil }
        return scene.changedBoxes(since: sent).map(Self.bounded)
    }

    static func bounded(_ boxes: [Box]) -> [Box] {
        guard boxes.count > maxRects, let first = boxes.first else { return boxes }
        let x0 = boxes.map(\.x).min() ?? first.x, y0 = boxes.map(\.y).min() ?? first.y
        let x1 = boxes.map(\.maxX).max() ?? first.maxX, y1 = boxes.map(\.maxY).max() ?? first.maxY
        return [Box(x: x0, y: y0, w: x1 - x0, h: y1 - y0)]
    }
}
