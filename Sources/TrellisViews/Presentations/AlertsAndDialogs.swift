// Alerts and confirmation dialogs, in SwiftUI's forms: titled by a string, shown as it is, or
// by a `Text`, shown as that text (its formatted values in the environment's locale, its
// style). The string forms make a `Text` of the string and take the text forms' path.

extension View {
  /// Presents an alert titled `title` while `isPresented` is true, like SwiftUI's
  /// `alert(_:isPresented:actions:message:)`. Its element holds the title as a `Text`, the
  /// message, then the actions; tapping any button of the actions runs it and then dismisses the
  /// alert. With no actions, the alert has an `OK` button.
  /// - Parameters:
  ///   - title: the alert's title.
  ///   - isPresented: whether the alert is shown; dismissing sets it to false.
  ///   - actions: the alert's buttons.
  ///   - message: the alert's message.
  /// - Returns: the modified view.
  public func alert<S: StringProtocol, Actions: View, Message: View>(
    _ title: S, isPresented: Binding<Bool>,
    @ViewBuilder actions: @escaping @MainActor () -> Actions,
    @ViewBuilder message: @escaping @MainActor () -> Message
  ) -> ModifiedContent<Self, PresentationModifier> {
    alert(Text(String(title)), isPresented: isPresented, actions: actions, message: message)
  }

  /// Presents an alert titled `title`, without a message, while `isPresented` is true (see
  /// `alert(_:isPresented:actions:message:)`).
  /// - Parameters:
  ///   - title: the alert's title.
  ///   - isPresented: whether the alert is shown; dismissing sets it to false.
  ///   - actions: the alert's buttons.
  /// - Returns: the modified view.
  public func alert<S: StringProtocol, Actions: View>(
    _ title: S, isPresented: Binding<Bool>,
    @ViewBuilder actions: @escaping @MainActor () -> Actions
  ) -> ModifiedContent<Self, PresentationModifier> {
    alert(Text(String(title)), isPresented: isPresented, actions: actions)
  }

  /// Presents an alert about `data` while `isPresented` is true and `data` is non-nil, like
  /// SwiftUI's `alert(_:isPresented:presenting:actions:message:)`.
  /// - Parameters:
  ///   - title: the alert's title.
  ///   - isPresented: whether the alert is shown; dismissing sets it to false.
  ///   - data: what the alert is about; the actions and message receive it.
  ///   - actions: the alert's buttons for the data.
  ///   - message: the alert's message for the data.
  /// - Returns: the modified view.
  public func alert<S: StringProtocol, T, Actions: View, Message: View>(
    _ title: S, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: @escaping @MainActor (T) -> Actions,
    @ViewBuilder message: @escaping @MainActor (T) -> Message
  ) -> ModifiedContent<Self, PresentationModifier> {
    alert(
      Text(String(title)), isPresented: isPresented, presenting: data, actions: actions,
      message: message)
  }

  /// Presents an alert about `data`, without a message, while `isPresented` is true and
  /// `data` is non-nil, like SwiftUI's `alert(_:isPresented:presenting:actions:)` (see
  /// `alert(_:isPresented:presenting:actions:message:)`).
  /// - Parameters:
  ///   - title: the alert's title.
  ///   - isPresented: whether the alert is shown; dismissing sets it to false.
  ///   - data: what the alert is about; the actions receive it.
  ///   - actions: the alert's buttons for the data.
  /// - Returns: the modified view.
  public func alert<S: StringProtocol, T, Actions: View>(
    _ title: S, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: @escaping @MainActor (T) -> Actions
  ) -> ModifiedContent<Self, PresentationModifier> {
    alert(Text(String(title)), isPresented: isPresented, presenting: data, actions: actions)
  }

  /// Presents a confirmation dialog titled `title` while `isPresented` is true, like SwiftUI's
  /// `confirmationDialog(_:isPresented:actions:message:)`. Its element holds the title as a
  /// `Text`, the message, then the actions; tapping a button runs it and then dismisses the
  /// dialog (an action that presents it again is undone by that dismissal).
  /// With no button of role `.cancel` among the actions, a `Cancel` button is added, as SwiftUI
  /// adds one; `ViewHost.dismiss()` (Escape) runs the cancel button's action.
  /// - Parameters:
  ///   - title: the dialog's title.
  ///   - isPresented: whether the dialog is shown; dismissing sets it to false.
  ///   - actions: the dialog's buttons.
  ///   - message: the dialog's message.
  /// - Returns: the modified view.
  public func confirmationDialog<S: StringProtocol, Actions: View, Message: View>(
    _ title: S, isPresented: Binding<Bool>,
    @ViewBuilder actions: @escaping @MainActor () -> Actions,
    @ViewBuilder message: @escaping @MainActor () -> Message
  ) -> ModifiedContent<Self, PresentationModifier> {
    confirmationDialog(
      Text(String(title)), isPresented: isPresented, actions: actions, message: message)
  }

  /// Presents a confirmation dialog titled `title`, without a message (see
  /// `confirmationDialog(_:isPresented:actions:message:)`).
  /// - Parameters:
  ///   - title: the dialog's title.
  ///   - isPresented: whether the dialog is shown; dismissing sets it to false.
  ///   - actions: the dialog's buttons.
  /// - Returns: the modified view.
  public func confirmationDialog<S: StringProtocol, Actions: View>(
    _ title: S, isPresented: Binding<Bool>,
    @ViewBuilder actions: @escaping @MainActor () -> Actions
  ) -> ModifiedContent<Self, PresentationModifier> {
    confirmationDialog(Text(String(title)), isPresented: isPresented, actions: actions)
  }

  /// Presents a confirmation dialog about `data` while `isPresented` is true and `data` is
  /// non-nil, like SwiftUI's `confirmationDialog(_:isPresented:presenting:actions:message:)`
  /// (see `confirmationDialog(_:isPresented:actions:message:)`).
  /// - Parameters:
  ///   - title: the dialog's title.
  ///   - isPresented: whether the dialog is shown; dismissing sets it to false.
  ///   - data: what the dialog is about; the actions and message receive it.
  ///   - actions: the dialog's buttons for the data.
  ///   - message: the dialog's message for the data.
  /// - Returns: the modified view.
  public func confirmationDialog<S: StringProtocol, T, Actions: View, Message: View>(
    _ title: S, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: @escaping @MainActor (T) -> Actions,
    @ViewBuilder message: @escaping @MainActor (T) -> Message
  ) -> ModifiedContent<Self, PresentationModifier> {
    confirmationDialog(
      Text(String(title)), isPresented: isPresented, presenting: data, actions: actions,
      message: message)
  }

  /// Presents a confirmation dialog about `data`, without a message, like SwiftUI's
  /// `confirmationDialog(_:isPresented:presenting:actions:)` (see
  /// `confirmationDialog(_:isPresented:presenting:actions:message:)`).
  /// - Parameters:
  ///   - title: the dialog's title.
  ///   - isPresented: whether the dialog is shown; dismissing sets it to false.
  ///   - data: what the dialog is about; the actions receive it.
  ///   - actions: the dialog's buttons for the data.
  /// - Returns: the modified view.
  public func confirmationDialog<S: StringProtocol, T, Actions: View>(
    _ title: S, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: @escaping @MainActor (T) -> Actions
  ) -> ModifiedContent<Self, PresentationModifier> {
    confirmationDialog(
      Text(String(title)), isPresented: isPresented, presenting: data, actions: actions)
  }

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

  /// An alert or dialog: shown while `isPresented` is true.
  private func plainDialog<Actions: View, Message: View>(
    _ kind: ElementKind, title: Text, isPresented: Binding<Bool>, addsCancel: Bool,
    actions: @escaping @MainActor () -> Actions, message: @escaping @MainActor () -> Message
  ) -> ModifiedContent<Self, PresentationModifier> {
    modifier(
      PresentationModifier(
        source: PresentationSource(kind: kind, isPresented: isPresented, buttonsDismiss: true) {
          AnyView(
            DialogContent(
              title: title, message: message(), actions: actions(), addsCancel: addsCancel))
        }, onDismiss: nil))
  }

  /// An alert or dialog about `data`: shown while `isPresented` is true and `data` is non-nil.
  private func dialog<T, Actions: View, Message: View>(
    _ kind: ElementKind, title: Text, isPresented: Binding<Bool>, presenting data: T?,
    addsCancel: Bool, actions: @escaping @MainActor (T) -> Actions,
    message: @escaping @MainActor (T) -> Message
  ) -> ModifiedContent<Self, PresentationModifier> {
    let shown = Binding(
      get: { isPresented.wrappedValue && data != nil },
      set: { isPresented.wrappedValue = $0 })
    return modifier(
      PresentationModifier(
        source: PresentationSource(kind: kind, isPresented: shown, buttonsDismiss: true) {
          guard let data else { return AnyView(EmptyView()) }
          return AnyView(
            DialogContent(
              title: title, message: message(data), actions: actions(data),
              addsCancel: addsCancel))
        }, onDismiss: nil))
  }
}
