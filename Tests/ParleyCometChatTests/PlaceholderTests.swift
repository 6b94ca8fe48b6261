import Testing

@Suite struct CometChatPlaceholderTests {}
