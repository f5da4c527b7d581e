import Foundation

/// The app a script's views belong to: always active in the foreground. Code that pauses its
/// animations when the app resigns active (observing `willResignActiveNotification`) compiles
/// and keeps animating; a script can post the notifications itself to test such code.
// `@unchecked Sendable`: it holds no state at all, so one instance serves every stage and thread.
public final class UIApplication: NSObject, @unchecked Sendable {
    /// The states an app can be in.
    public enum State: Int, Sendable {
        /// Active in the foreground, inactive in the foreground, or in the background; carender's app
        /// is always `active`.
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

    /// Posted when the app becomes active. carender never posts it; a script may.
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    /// Posted when the app is about to stop being active. carender never posts it; a script may.
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    /// Posted when the app enters the background. carender never posts it; a script may.
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    /// Posted when the app is about to enter the foreground. carender never posts it; a script may.
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    /// Posted when the app is about to terminate. carender never posts it; a script may.
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    /// Posted when the app receives a memory warning. carender never posts it; a script may.
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
}
