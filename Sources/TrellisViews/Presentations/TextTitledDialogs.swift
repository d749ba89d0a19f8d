// The alert and confirmation dialog forms whose title is a `Text`, as SwiftUI has them beside
// the string forms: the title is shown as that text (its formatted values in the environment's
// locale, its style), where the string forms show the string as it is.

extension View {
  /// Presents an alert titled by the text `title` while `isPresented` is true, like SwiftUI's
  /// `alert(_:isPresented:actions:message:)` with a `Text` (see the string form).
  /// - Parameters:
  ///   - title: the alert's title.
  ///   - isPresented: whether the alert is shown; dismissing sets it to false.
  ///   - actions: the alert's buttons; with none, an `OK` button.
  ///   - message: the alert's message.
  /// - Returns: the modified view.
  public func alert<Actions: View, Message: View>(
    _ title: Text, isPresented: Binding<Bool>,
    @ViewBuilder actions: @escaping @MainActor () -> Actions,
    @ViewBuilder message: @escaping @MainActor () -> Message
  ) -> ModifiedContent<Self, PresentationModifier> {
    plainDialog(
      .alert, title: title, isPresented: isPresented, addsCancel: false, actions: actions,
      message: message)
  }

  /// Presents an alert titled by the text `title`, without a message, like SwiftUI's
  /// `alert(_:isPresented:actions:)` with a `Text`.
  /// - Parameters:
  ///   - title: the alert's title.
  ///   - isPresented: whether the alert is shown; dismissing sets it to false.
  ///   - actions: the alert's buttons; with none, an `OK` button.
  /// - Returns: the modified view.
  public func alert<Actions: View>(
    _ title: Text, isPresented: Binding<Bool>,
    @ViewBuilder actions: @escaping @MainActor () -> Actions
  ) -> ModifiedContent<Self, PresentationModifier> {
    alert(title, isPresented: isPresented, actions: actions, message: { EmptyView() })
  }

  /// Presents an alert about `data`, titled by the text `title`, while `isPresented` is true
  /// and `data` is non-nil, like SwiftUI's `alert(_:isPresented:presenting:actions:message:)`
  /// with a `Text`.
  /// - Parameters:
  ///   - title: the alert's title.
  ///   - isPresented: whether the alert is shown; dismissing sets it to false.
  ///   - data: what the alert is about; the actions and message receive it.
  ///   - actions: the alert's buttons for the data.
  ///   - message: the alert's message for the data.
  /// - Returns: the modified view.
  public func alert<T, Actions: View, Message: View>(
    _ title: Text, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: @escaping @MainActor (T) -> Actions,
    @ViewBuilder message: @escaping @MainActor (T) -> Message
  ) -> ModifiedContent<Self, PresentationModifier> {
    dialog(
      .alert, title: title, isPresented: isPresented, presenting: data, addsCancel: false,
      actions: actions, message: message)
  }

  /// Presents an alert about `data`, titled by the text `title`, without a message, like
  /// SwiftUI's `alert(_:isPresented:presenting:actions:)` with a `Text`.
  /// - Parameters:
  ///   - title: the alert's title.
  ///   - isPresented: whether the alert is shown; dismissing sets it to false.
  ///   - data: what the alert is about; the actions receive it.
  ///   - actions: the alert's buttons for the data.
  /// - Returns: the modified view.
  public func alert<T, Actions: View>(
    _ title: Text, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: @escaping @MainActor (T) -> Actions
  ) -> ModifiedContent<Self, PresentationModifier> {
    alert(
      title, isPresented: isPresented, presenting: data, actions: actions,
      message: { _ in EmptyView() })
  }

  /// Presents a confirmation dialog titled by the text `title` while `isPresented` is true,
  /// like SwiftUI's `confirmationDialog(_:isPresented:actions:message:)` with a `Text` (see
  /// the string form: a `Cancel` button is added when no action has the cancel role).
  /// - Parameters:
  ///   - title: the dialog's title.
  ///   - isPresented: whether the dialog is shown; dismissing sets it to false.
  ///   - actions: the dialog's buttons.
  ///   - message: the dialog's message.
  /// - Returns: the modified view.
  public func confirmationDialog<Actions: View, Message: View>(
    _ title: Text, isPresented: Binding<Bool>,
    @ViewBuilder actions: @escaping @MainActor () -> Actions,
    @ViewBuilder message: @escaping @MainActor () -> Message
  ) -> ModifiedContent<Self, PresentationModifier> {
    plainDialog(
      .confirmationDialog, title: title, isPresented: isPresented, addsCancel: true,
      actions: actions, message: message)
  }

  /// Presents a confirmation dialog titled by the text `title`, without a message, like
  /// SwiftUI's `confirmationDialog(_:isPresented:actions:)` with a `Text`.
  /// - Parameters:
  ///   - title: the dialog's title.
  ///   - isPresented: whether the dialog is shown; dismissing sets it to false.
  ///   - actions: the dialog's buttons.
  /// - Returns: the modified view.
  public func confirmationDialog<Actions: View>(
    _ title: Text, isPresented: Binding<Bool>,
    @ViewBuilder actions: @escaping @MainActor () -> Actions
  ) -> ModifiedContent<Self, PresentationModifier> {
    confirmationDialog(title, isPresented: isPresented, actions: actions, message: { EmptyView() })
  }

  /// Presents a confirmation dialog about `data`, titled by the text `title`, while
  /// `isPresented` is true and `data` is non-nil, like SwiftUI's
  /// `confirmationDialog(_:isPresented:presenting:actions:message:)` with a `Text`.
  /// - Parameters:
  ///   - title: the dialog's title.
  ///   - isPresented: whether the dialog is shown; dismissing sets it to false.
  ///   - data: what the dialog is about; the actions and message receive it.
  ///   - actions: the dialog's buttons for the data.
  ///   - message: the dialog's message for the data.
  /// - Returns: the modified view.
  public func confirmationDialog<T, Actions: View, Message: View>(
    _ title: Text, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: @escaping @MainActor (T) -> Actions,
    @ViewBuilder message: @escaping @MainActor (T) -> Message
  ) -> ModifiedContent<Self, PresentationModifier> {
    dialog(
      .confirmationDialog, title: title, isPresented: isPresented, presenting: data,
      addsCancel: true, actions: actions, message: message)
  }

  /// Presents a confirmation dialog about `data`, titled by the text `title`, without a
  /// message, like SwiftUI's `confirmationDialog(_:isPresented:presenting:actions:)` with a
  /// `Text`.
  /// - Parameters:
  ///   - title: the dialog's title.
  ///   - isPresented: whether the dialog is shown; dismissing sets it to false.
  ///   - data: what the dialog is about; the actions receive it.
  ///   - actions: the dialog's buttons for the data.
  /// - Returns: the modified view.
  public func confirmationDialog<T, Actions: View>(
    _ title: Text, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: @escaping @MainActor (T) -> Actions
  ) -> ModifiedContent<Self, PresentationModifier> {
    confirmationDialog(
      title, isPresented: isPresented, presenting: data, actions: actions,
      message: { _ in EmptyView() })
  }
}
