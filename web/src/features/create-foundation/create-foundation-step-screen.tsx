// Placeholder until its feature lands (owned by the feature's helper; replace this file).
import { PlaceholderScreen } from "@/components/ui/placeholder-screen";

export default function CreateFoundationStepScreen() {
  return <PlaceholderScreen title="Create foundation" />;
}
