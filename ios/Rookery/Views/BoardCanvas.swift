import RookeryBindings
import RookeryKit
import SwiftUI

extension Color {
    /// A scene colour (0xAARRGGBB).
    init(argb: UInt32) {
        let (r, g, b, a) = rgba(argb)
        self.init(.sRGB, red: r, green: g, blue: b, opacity: a)
    }

    init(rgb: UInt32) { self.init(argb: 0xFF00_0000 | rgb) }
}

extension CGPoint {
    init(_ p: RookeryKit.Point) { self.init(x: p.x, y: p.y) }
}

/// The board drawn from the screen's scene: regions, cells and their marks, lines, dots,
/// labels, hand slots and pieces (the piece art in the army's colours). Taps and drags become
/// intents through the core's hit test; every cell is a VoiceOver element.
struct BoardCanvas: View {
    let app: AppModel
    let game: GameModel

    var body: some View {
        let scene = game.screen.scene
        GeometryReader { geo in
            let layout = BoardLayout(viewWidth: geo.size.width, viewHeight: geo.size.height, scene: scene)
            Canvas { ctx, _ in
                draw(scene, layout, &ctx)
            }
            .gesture(
                DragGesture(minimumDistance: 0)
                    .onEnded { v in
                        let a = RookeryKit.Point(x: v.startLocation.x, y: v.startLocation.y)
                        let b = RookeryKit.Point(x: v.location.x, y: v.location.y)
                        let intent = hypot(v.translation.width, v.translation.height) > 10
                            ? layout.drag(from: a, to: b, in: scene) : layout.tap(a)
                        if let intent { Task { await game.send(intent) } }
                    }
            )
            .accessibilityHidden(true)
            .overlay { accessibilityCells(scene, layout) }
        }
        .aspectRatio(CGFloat(scene.width / max(scene.height, 1)), contentMode: .fit)
    }

    private func polygon(_ pts: [ScenePoint], _ layout: BoardLayout) -> Path {
        var p = Path()
        for (i, pt) in pts.enumerated() {
            let v = CGPoint(layout.toView(pt))
            if i == 0 { p.move(to: v) } else { p.addLine(to: v) }
        }
        p.closeSubpath()
        return p
    }

    private func draw(_ scene: BoardScene, _ layout: BoardLayout, _ ctx: inout GraphicsContext) {
        let k = layout.scale
        ctx.fill(Path(CGRect(x: layout.originX, y: layout.originY, width: Double(scene.width) * k, height: Double(scene.height) * k)),
                 with: .color(Color(argb: scene.background)))
        for r in scene.regions { ctx.fill(polygon(r.polygon, layout), with: .color(Color(argb: r.colour))) }
        for c in scene.cells {
            let shape = polygon(c.polygon, layout)
            if let f = c.fill { ctx.fill(shape, with: .color(Color(argb: f))) }
            if c.lastMove { ctx.fill(shape, with: .color(.yellow.opacity(0.35))) }
            if c.selected { ctx.fill(shape, with: .color(.green.opacity(0.4))) }
            if c.fog { ctx.fill(shape, with: .color(.gray.opacity(0.85))) }
        }
        for l in scene.lines {
            var p = Path()
            for (i, pt) in l.points.enumerated() {
                let v = CGPoint(layout.toView(pt))
                if i == 0 { p.move(to: v) } else { p.addLine(to: v) }
            }
            if l.closed { p.closeSubpath() }
            ctx.stroke(p, with: .color(Color(argb: l.colour)), lineWidth: Double(l.width) * k)
        }
        for d in scene.dots {
            let c = CGPoint(layout.toView(d.centre)), r = Double(d.radius) * k
            ctx.fill(Path(ellipseIn: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)), with: .color(Color(argb: d.colour)))
        }
        for l in scene.labels {
            ctx.draw(Text(verbatim: l.text).font(.system(size: Double(l.size) * k)).foregroundColor(Color(argb: l.colour)),
                     at: CGPoint(layout.toView(l.at)))
        }
        for h in scene.hands {
            ctx.stroke(polygon(h.polygon, layout), with: .color(.secondary), lineWidth: 1)
            if h.count > 1 {
                let c = layout.toView(h.centre)
                ctx.draw(Text(verbatim: "×\(h.count)").font(.caption2.bold()), at: CGPoint(x: c.x, y: c.y + 0.3 * Double(k)))
            }
        }
        for p in scene.pieces { drawPiece(p, scene, layout, &ctx) }
        // targets above the pieces: a dot, a ring on a capture
        for c in scene.cells where c.target {
            let centre = CGPoint(layout.toView(c.centre)), r = (c.capture ? 0.45 : 0.15) * k
            let dot = Path(ellipseIn: CGRect(x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r))
            if c.capture { ctx.stroke(dot, with: .color(.black.opacity(0.45)), lineWidth: 0.08 * k) } else { ctx.fill(dot, with: .color(.black.opacity(0.35))) }
        }
    }

    private func drawPiece(_ p: ScenePiece, _ scene: BoardScene, _ layout: BoardLayout, _ ctx: inout GraphicsContext) {
        let centre = CGPoint(layout.toView(p.centre))
        let size = Double(p.size) * layout.scale
        let army = scene.armies.first { $0.id == p.army }
        var c = ctx
        c.translateBy(x: centre.x, y: centre.y)
        c.rotate(by: .degrees(Double(p.rotation)))
        if p.checked {
            c.fill(Path(ellipseIn: CGRect(x: -size / 2, y: -size / 2, width: size, height: size)), with: .color(.red.opacity(0.45)))
        }
        c.scaleBy(x: size / 100, y: size / 100)
        c.translateBy(x: -50, y: -50)
        if p.grey { c.opacity = 0.6 }
        guard let glyph = app.art.glyph(p.glyph) else {
            c.draw(Text(verbatim: p.letter).font(.system(size: 60, weight: .bold)), at: CGPoint(x: 50, y: 50))
            return
        }
        for s in glyph.shapes {
            let path = Path { path in
                for cmd in s.commands {
                    switch cmd {
                    case .move(let pt): path.move(to: CGPoint(pt))
                    case .line(let pt): path.addLine(to: CGPoint(pt))
                    case .quad(let q, let to): path.addQuadCurve(to: CGPoint(to), control: CGPoint(q))
                    case .cubic(let c1, let c2, let to): path.addCurve(to: CGPoint(to), control1: CGPoint(c1), control2: CGPoint(c2))
                    case .circle(let o, let r): path.addEllipse(in: CGRect(x: o.x - r, y: o.y - r, width: 2 * r, height: 2 * r))
                    case .close: path.closeSubpath()
                    }
                }
            }
            let paint = { (p: Paint) -> Color? in
                p.rgb(body: army?.body ?? 0xFFFEFEFE, ink: army?.ink ?? 0xFF010101, mark: army?.mark ?? 0xFFB00000).map { Color(rgb: $0) }
            }
            if let f = paint(s.fill) { c.fill(path, with: .color(f)) }
            if let st = paint(s.stroke) {
                c.stroke(path, with: .color(st), style: StrokeStyle(lineWidth: s.strokeWidth, lineCap: .round, lineJoin: .round))
            }
        }
    }

    /// One VoiceOver element per cell and hand slot: its name, the piece on it, its marks; the
    /// action is the same tap intent.
    private func accessibilityCells(_ scene: BoardScene, _ layout: BoardLayout) -> some View {
        ZStack {
            ForEach(scene.cells, id: \.cell) { c in
                let centre = layout.toView(c.centre)
                let side = 0.9 * layout.scale
                Color.clear
                    .frame(width: side, height: side)
                    .position(x: centre.x, y: centre.y)
                    .accessibilityElement()
                    .accessibilityLabel(cellLabel(c, scene))
                    .accessibilityAddTraits(c.selected ? [.isButton, .isSelected] : .isButton)
                    .accessibilityAction { Task { await game.send(.tap(cell: c.cell)) } }
            }
            ForEach(scene.hands.filter { $0.count > 0 }, id: \.self) { h in
                let centre = layout.toView(h.centre)
                Color.clear
                    .frame(width: 0.9 * layout.scale, height: 0.9 * layout.scale)
                    .position(x: centre.x, y: centre.y)
                    .accessibilityElement()
                    .accessibilityLabel("\(pieceName(h.glyph)) ×\(h.count)")
                    .accessibilityAddTraits(.isButton)
                    .accessibilityAction { Task { await game.send(.tapHand(letter: h.letter)) } }
            }
        }
    }

    private func pieceName(_ glyph: String) -> String { app.pieceName(glyph: glyph) }

    private func cellLabel(_ c: SceneCell, _ scene: BoardScene) -> String { app.cellLabel(c, in: game.screen) }
}
