import { redirect } from "next/navigation";

export default function MyProfile() {
  redirect("/users/me/personal");
}
