import Foundation

/// How a change should animate, like SwiftUI's `Animation`: a timing curve and a duration, as a
/// value.
///
/// Trellis has no animation engine: an animation is data that rides with a commit (see
/// `Transaction`, `CommitInfo.transaction(for:)`), and a renderer that can animate decides how.
/// The defaults follow SwiftUI's documented values: `.default` is the spring SwiftUI has used
/// since iOS 17 and macOS 14 (response 0.55 s, no overshoot), the plain curves last 0.35 s, and
/// the springs are described by their perceptual duration and bounce.
public struct Animation: Hashable, Sendable, CustomStringConvertible {
  /// The shape of the animation over time.
  public enum Curve: Hashable, Sendable {
    /// Constant speed.
    case linear
    /// Starts slowly.
    case easeIn
    /// Ends slowly.
    case easeOut
    /// Starts and ends slowly.
    case easeInOut
    /// A spring with a bounce, -1 (overdamped) … 1 (very bouncy); 0 has no overshoot.
    case spring(bounce: Double)
  }

  /// The timing curve.
  public var curve: Curve
  /// How long the animation takes, in seconds (for a spring, its perceptual duration).
  public var duration: Double
  /// How long to wait before starting, in seconds.
  public var delay: Double
  /// The speed multiplier (2 runs twice as fast).
  public var speed: Double

  /// Creates an animation.
  /// - Parameters:
  ///   - curve: the timing curve.
  ///   - duration: seconds.
  ///   - delay: seconds before it starts.
  ///   - speed: the speed multiplier.
  public init(curve: Curve, duration: Double, delay: Double = 0, speed: Double = 1) {
    self.curve = curve
    self.duration = max(0, duration)
    self.delay = max(0, delay)
    self.speed = speed > 0 ? speed : 1
  }

  /// SwiftUI's default animation, which `withAnimation { }` uses: since iOS 17 and macOS 14,
  /// `spring(response: 0.55, dampingFraction: 1.0, blendDuration: 0)`, a spring without
  /// overshoot over 0.55 s (`spring(0.55)`). Before those releases SwiftUI's default was
  /// `easeInOut`; write `.easeInOut` to get that.
  public static let `default` = Animation(curve: .spring(bounce: 0), duration: 0.55)
  /// Constant speed over 0.35 s.
  public static let linear = Animation(curve: .linear, duration: 0.35)
  /// Ease in over 0.35 s.
  public static let easeIn = Animation(curve: .easeIn, duration: 0.35)
  /// Ease out over 0.35 s.
  public static let easeOut = Animation(curve: .easeOut, duration: 0.35)
  /// Ease in and out over 0.35 s.
  public static let easeInOut = Animation(curve: .easeInOut, duration: 0.35)
  /// A spring without overshoot over 0.5 s, like SwiftUI's `.spring`.
  public static let spring = Animation(curve: .spring(bounce: 0), duration: 0.5)
  /// A spring with a small bounce, like SwiftUI's `.bouncy`.
  public static let bouncy = Animation(curve: .spring(bounce: 0.3), duration: 0.5)
  /// A smooth spring, like SwiftUI's `.smooth`.
  public static let smooth = Animation(curve: .spring(bounce: 0), duration: 0.5)
  /// A quick spring with a small bounce, like SwiftUI's `.snappy`.
  public static let snappy = Animation(curve: .spring(bounce: 0.15), duration: 0.5)
  /// A short, stiff spring for interactive changes, like SwiftUI's `.interactiveSpring`:
  /// response 0.15 s and damping fraction 0.86, so a bounce of 0.14 (SwiftUI's blend duration
  /// of 0.25 s is dropped, as by `spring(response:dampingFraction:blendDuration:)`).
  public static let interactiveSpring = Animation.spring(response: 0.15, dampingFraction: 0.86)

  /// Constant speed.
  /// - Parameter duration: seconds.
  /// - Returns: the animation.
  public static func linear(duration: Double) -> Animation {
    Animation(curve: .linear, duration: duration)
  }

  /// Ease in.
  /// - Parameter duration: seconds.
  /// - Returns: the animation.
  public static func easeIn(duration: Double) -> Animation {
    Animation(curve: .easeIn, duration: duration)
  }

  /// Ease out.
  /// - Parameter duration: seconds.
  /// - Returns: the animation.
  public static func easeOut(duration: Double) -> Animation {
    Animation(curve: .easeOut, duration: duration)
  }

  /// Ease in and out.
  /// - Parameter duration: seconds.
  /// - Returns: the animation.
  public static func easeInOut(duration: Double) -> Animation {
    Animation(curve: .easeInOut, duration: duration)
  }

  /// A spring, like SwiftUI's `.spring(duration:bounce:blendDuration:)`.
  /// - Parameters:
  ///   - duration: the perceptual duration, seconds.
  ///   - bounce: -1 … 1; 0 has no overshoot.
  ///   - blendDuration: ignored (there is no engine to blend in).
  /// - Returns: the animation.
  public static func spring(
    duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0
  ) -> Animation {
    Animation(curve: .spring(bounce: min(max(bounce, -1), 1)), duration: duration)
  }

  /// A spring from its response and damping, like SwiftUI's
  /// `.spring(response:dampingFraction:blendDuration:)`: the response is the duration, and a
  /// damping fraction below 1 bounces by `1 - dampingFraction`.
  /// - Parameters:
  ///   - response: seconds.
  ///   - dampingFraction: 0 … 1 (1: no overshoot).
  ///   - blendDuration: ignored.
  /// - Returns: the animation.
  public static func spring(
    response: Double, dampingFraction: Double = 0.825, blendDuration: Double = 0
  ) -> Animation {
    spring(duration: response, bounce: 1 - min(max(dampingFraction, 0), 2))
  }

  /// An interactive spring from its response and damping, like SwiftUI's
  /// `.interactiveSpring(response:dampingFraction:blendDuration:)`: `.interactiveSpring()` is
  /// the static `interactiveSpring`.
  /// - Parameters:
  ///   - response: seconds (default 0.15).
  ///   - dampingFraction: 0 … 1 (default 0.86; 1: no overshoot).
  ///   - blendDuration: ignored (there is no engine to blend in).
  /// - Returns: the animation.
  public static func interactiveSpring(
    response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
  ) -> Animation {
    spring(response: response, dampingFraction: dampingFraction)
  }

  /// The same animation, starting `delay` seconds later.
  /// - Parameter delay: seconds.
  /// - Returns: the animation.
  public func delay(_ delay: Double) -> Animation {
    Animation(curve: curve, duration: duration, delay: self.delay + delay, speed: speed)
  }

  /// The same animation at `speed` times its speed.
  /// - Parameter speed: the multiplier.
  /// - Returns: the animation.
  public func speed(_ speed: Double) -> Animation {
    Animation(curve: curve, duration: duration, delay: delay, speed: self.speed * speed)
  }

  /// `easeInOut(0.35)`, `spring(0.5)`, `spring(0.5, bounce 0.3)`, with ` delay …` and
  /// ` speed …` when set.
  public var description: String {
    let seconds = Length.describe(CGFloat(duration))
    var text: String
    switch curve {
    case .linear: text = "linear(\(seconds))"
    case .easeIn: text = "easeIn(\(seconds))"
    case .easeOut: text = "easeOut(\(seconds))"
    case .easeInOut: text = "easeInOut(\(seconds))"
    case .spring(let bounce):
      text =
        bounce == 0
        ? "spring(\(seconds))" : "spring(\(seconds), bounce \(Length.describe(CGFloat(bounce))))"
    }
    if delay > 0 { text += " delay \(Length.describe(CGFloat(delay)))" }
    if speed != 1 { text += " speed \(Length.describe(CGFloat(speed)))" }
    return text
  }
}
