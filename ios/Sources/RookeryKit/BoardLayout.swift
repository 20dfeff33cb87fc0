import Foundation
import RookeryBindings

/// Where a board scene sits in a view: the scene (`BoardScene.width` × `height`, scene units)
/// scaled to fit a view rectangle and centred. Hit testing is the core's (`sceneHitTest`): a
/// view point becomes a scene point and the core says which cell or hand slot is under it.
public struct BoardLayout: Equatable, Sendable {
    public var viewWidth: Double
    public var viewHeight: Double
    public var sceneWidth: Double
    public var sceneHeight: Double

    public init(viewWidth: Double, viewHeight: Double, sceneWidth: Double, sceneHeight: Double) {
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
        self.sceneWidth = max(sceneWidth, 1e-6)
        self.sceneHeight = max(sceneHeight, 1e-6)
    }

    public init(viewWidth: Double, viewHeight: Double, scene: BoardScene) {
        self.init(viewWidth: viewWidth, viewHeight: viewHeight,
                  sceneWidth: Double(scene.width), sceneHeight: Double(scene.height))
    }

    /// View points per scene unit.
    public var scale: Double { max(0, min(viewWidth / sceneWidth, viewHeight / sceneHeight)) }
    public var originX: Double { (viewWidth - sceneWidth * scale) / 2 }
    public var originY: Double { (viewHeight - sceneHeight * scale) / 2 }

    public func toView(_ p: ScenePoint) -> Point {
        Point(x: originX + Double(p.x) * scale, y: originY + Double(p.y) * scale)
    }

    public func toScene(_ p: Point) -> ScenePoint? {
        guard scale > 0 else { return nil }
        return ScenePoint(x: Float((p.x - originX) / scale), y: Float((p.y - originY) / scale))
    }

    /// The cell or hand slot under a view point (nil outside every cell).
    public func hit(_ p: Point, in scene: BoardScene) -> SceneHit? {
        guard let s = toScene(p) else { return nil }
        return sceneHitTest(scene: scene, x: s.x, y: s.y)
    }

    /// The intent of a tap at a view point: a tap at its scene point, decided by the core.
    public func tap(_ p: Point) -> ScreenIntent? {
        toScene(p).map { .at(x: $0.x, y: $0.y) }
    }

    /// The intent of a drag between two view points (nil unless both are cells).
    public func drag(from a: Point, to b: Point, in scene: BoardScene) -> ScreenIntent? {
        guard case .cell(let from)? = hit(a, in: scene), case .cell(let to)? = hit(b, in: scene) else {
            return nil
        }
        return from == to ? nil : .drag(from: from, to: to)
    }
}

/// A colour of the scene (0xAARRGGBB) as red, green, blue, alpha in 0...1.
public func rgba(_ argb: UInt32) -> (Double, Double, Double, Double) {
    let a = Double((argb >> 24) & 0xFF) / 255
    return (Double((argb >> 16) & 0xFF) / 255, Double((argb >> 8) & 0xFF) / 255, Double(argb & 0xFF) / 255, a)
}
