import Foundation

/// The app a script's views belong to: always active in the foreground. Code that pauses its
/// animations when the app resigns active (observing `willResignActiveNotification`) compiles
/// and keeps animating; a script can post the notifications itself to test such code.
// `@unchecked Sendable`: it holds no state at all, so one instance serves every stage and thread.
public final class UIApplication: NSObject, @unchecked Sendable {
    /// The states an app can be in.
    public enum State: Int, Sendable {
        case active, inactive, background
    }

    /// The app.
    public static let shared = UIApplication()

    private override init() { super.init() }

    /// Always `.active`.
    public var applicationState: State { .active }

    /// Accepted and ignored: a render never sleeps.
    public var isIdleTimerDisabled: Bool {
        get { false }
        set {}
    }

    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
}
