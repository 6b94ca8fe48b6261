// Placeholder so the target builds while its parts land; removed once the connector is in.
enum CometChatPlaceholder {}
