// The shapes of the API's answers (spec section 3, decisions.md §3).

export interface ApiErrorBody {
  message: string;
  errors: string[];
}

export interface Department {
  id: number;
  name: string;
  url: string;
}

export interface ProductCard {
  id: number;
  departmentId: number;
  name: string;
  brand: string;
  price: number;
  previewImage: string;
  avgRating: number;
  numReviews: number;
}

export interface DepartmentWithProducts extends Department {
  Products: ProductCard[];
}

export interface ProductImage {
  id: number;
  url: string;
  background: string;
}

export interface Product extends ProductCard {
  description: string;
  Department: { id: number; name: string };
  ProductImages: ProductImage[];
}

export interface Review {
  id: number;
  userId: number;
  productId: number;
  rating: number;
  title: string;
  description: string;
  createdAt: string;
  User: { firstName: string; lastName: string; url: string };
  Product: { id: number; departmentId: number; name: string; previewImage: string };
}

/** The signed-in shopper (spec section 3). */
export interface SessionUser {
  id: number;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  createdAt: string;
}

export interface CartLine {
  cartId: number;
  productId: number;
  departmentId: number;
  name: string;
  price: number;
  previewImage: string;
}

/** The cart as the server prices it: its lines, their subtotal, the RedCard discount and the total. */
export interface Cart {
  Products: CartLine[];
  subtotal: number;
  discount: number;
  total: number;
}

/**
 * A favorite as the favorites list shows it: a product card whose `id` is the
 * favorite's (it repeats `favoriteId`); the product's id is `productId`.
 */
export interface Favorite extends ProductCard {
  favoriteId: number;
  productId: number;
}

/** One product of an order, at the price paid. `id` is the product's id. */
export interface OrderLine {
  id: number;
  departmentId: number;
  name: string;
  price: number;
  previewImage: string;
}

export interface Order {
  id: number;
  userId: number;
  subtotal: number;
  discount: number;
  total: number;
  status: string;
  createdAt: string;
  Products: OrderLine[];
}

export interface ReviewInput {
  rating: number;
  title: string;
  description: string;
}

export interface SignupInput {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

export interface Deleted {
  message: string;
  id: number;
}
